# O jogo no terminal, `oware play` (crates/oware-tui). As linhas de teclas cabem em 80 colunas.

side-south = Sul
side-north = Norte
level-easy = fácil
level-medium = médio
level-hard = difícil
level-expert = perito

keys-local = 1-6 jogar  u anular  r refazer  h dica  a análise  e ciclo  s gravar  q sair
keys-cycle = y aceitar: terminar o jogo por ciclo  n recusar  ? ajuda  q sair
keys-online = 1-6 jogar  d empate  t voltar  e ciclo  x desistir  y/n  m chat  q sair
keys-online-over = n desforra  y/n responder  m chat  a análise  c copiar  s gravar  q sair
keys-watch = a assistir:  m chat  a análise  c copiar  s gravar  ? ajuda  q sair
keys-chat = chat: escreva  Enter envia  Retrocesso apaga  Esc fecha

prompt-save = Gravar o jogo (OGN) em
prompt-open = Abrir o jogo OGN de
prompt-title = { $what }: (Enter, Esc cancela)

title-vs-computer = você ({ $side }) contra o computador ({ $level })
title-friend = dois jogadores
title-line = Ouril  { $opponent }  regras { $rules }
title-help = ? ajuda

pane-board = Tabuleiro
pane-captured = capturadas
pane-game = Jogo
pane-analysis = Análise
pane-moves = Jogadas
pane-help = Ajuda

game-over = Fim do jogo: { $result }
over-keys-local = n: desforra  u: voltar atrás  s: gravar  q: sair
over-keys-online = n: desforra  s: gravar  q: sair
over-keys-watch = s: gravar  q: sair
info-position = posição
info-tables = tabelas
info-copied = copiado
analysis-label = análise
analysis-thinking = a pensar (a: parar)
analysis-done = concluída
analysis-stopped = parada (a: recomeçar)
analysis-score = { $score } para { $side }
analysis-depth = profundidade { $depth }
analysis-nodes = { $nodes } nós
analysis-line = linha
analysis-off = análise desligada (a: analisar esta posição)

turn-computer = O computador ({ $level }) está a pensar…
turn-yours = A sua vez: teclas 1-6, setas e Enter, ou clique numa casa
turn-friend = Vez de { $side }: teclas 1-6, setas e Enter, ou um clique

result-wins = { $side } ganha { $south }-{ $north }
result-draw = Empate { $south }-{ $north }
outcome-line = { $result } (Sul-Norte): { $why }
why-capture = 25 ou mais sementes capturadas
why-draw = 24 sementes cada
why-no-move = { $side } não pode jogar: cada um fica com as sementes da sua fila
why-cycle-own = repetição: cada um fica com as sementes da sua fila
why-cycle-even = repetição: as sementes restantes são divididas ao meio
why-agreed-cycle = ciclo acordado: cada um fica com as sementes da sua fila

help-in-game = Regras deste jogo: { $rules }
help-rules =
    Ouril (abapa): duas filas de seis casas, quatro sementes em cada; o Sul
    começa. Uma jogada tira todas as sementes de uma das suas casas e semeia-as
    uma a uma no sentido contrário ao dos ponteiros do relógio (a sua fila da
    esquerda para a direita, depois a do adversário), saltando a casa esvaziada.
    Se a última semente deixar 2 ou 3 numa casa do adversário, captura-as, e
    também as das casas anteriores dessa fila enquanto tiverem 2 ou 3.
    Se o adversário não tiver sementes, tem de lhe dar algumas quando puder.
    O jogo acaba com 25 capturadas, com 24-24, quando quem joga não se pode mexer
    (cada um fica com a sua fila), quando uma posição se repete (conforme as
    opções de regras) ou quando ambos acordam que o jogo está em ciclo.
help-keys-local =
    Teclas: 1-6 jogam as suas casas a partir da esquerda; as setas movem o
    cursor, Enter joga; um clique numa casa joga-a. u anula, r refaz, h dica
    (depois Enter), a liga ou desliga a análise, c copia a posição (área de
    transferência OSC 52), s grava e o abre um jogo OGN, n jogo novo (desforra:
    trocam de lado), e propõe terminar o jogo por ciclo (resposta y/n), q ou
    Ctrl-C sai. Sob a sua fila: os valores da base de finais (a sua diferença
    final de sementes) quando as tabelas cobrem a posição.
help-keys-online =
    Online: 1-6, setas, Enter ou um clique enviam a sua jogada. d propõe empate,
    t pede para voltar atrás, e propõe terminar por ciclo (cada um fica com a sua
    fila; uma jogada anula-o); de novo: retirado. y aceita, n recusa a proposta
    do adversário; x desiste (y confirma; a cancela antes de ambos jogarem);
    depois do jogo, n: desforra. w reclama a vitória (= o empate) quando o
    adversário, na vez dele, está ausente. m: chat (Enter envia, 140 caracteres
    no máximo, Esc fecha). a analisa depois do jogo ou a assistir; s grava,
    c copia; q sai (o jogo continua).
help-close = Esc, ? ou q fecha esta ajuda.

## Jogar em linha: a pergunta da sala (crates/oware-tui/src/lobby.rs)

term-address-or-server = { $error } (ou só o endereço do servidor, p. ex. http://127.0.0.1:8080, para a sua sala)
term-clock-bad = «{ $text }» não é um ritmo de jogo: indique MINUTOS+SEGUNDOS (p. ex. 5+3, 0.5+2) ou none
term-someone = Alguém
term-no-clock = sem relógio
term-challenge = { $who } joga com { $side } · { $clock } · { $rules } (você joga com { $yours })
term-challenge-rated = { $who } joga com { $side } · { $clock } · { $rules } · com classificação (você joga com { $yours })
term-lobby-refused = a sala do servidor foi recusada: { $error }
term-lobby-empty = Nenhum desafio aberto em { $server }.
term-lobby-list = Desafios abertos em { $server }:
term-lobby-ask-none = n: novo jogo, r ou Enter: ver de novo, q: sair
term-lobby-ask = { $count ->
    [one] 1: aceitá-lo, n: novo jogo, r ou Enter: ver de novo, q: sair
   *[other] 1-{ $count }: aceitar um, n: novo jogo, r ou Enter: ver de novo, q: sair
}
term-lobby-nothing-to-take = não há nenhum desafio para aceitar
term-lobby-out-of-range = { $count ->
    [one] há só um desafio: escreva 1 para o aceitar
   *[other] há { $count } desafios: indique um número de 1 a { $count }
}
term-lobby-not-a-choice = «{ $answer }» não é uma das opções
term-create-no-token = a resposta do servidor à criação do jogo não tem identificador nem senha de lugar
term-create-no-side = o servidor não disse com que lado joga
term-new-in-lobby = Novo jogo, na sala.
term-new-not-in-lobby = Novo jogo, fora da sala.
term-terminal-failed = o terminal falhou: { $error }
term-challenge-gone = Esse desafio já não está aberto. { $note }

## Jogar em linha: o ecrã do jogo e a linha de estado (online.rs, app/online.rs)

term-not-online = não é um jogo em linha (joga-se num só dispositivo)
term-offer-takeback-own = Pediu para voltar atrás na sua última jogada: t retira o pedido
term-offer-cycle-own = Propôs terminar o jogo por ciclo: e retira a proposta
term-offer-draw-own = Propôs empate: d retira a proposta
term-offer-rematch-own = Propôs uma desforra: à espera da resposta
term-offer-takeback = { $name } pede para voltar atrás na última jogada
term-offer-cycle = { $name } propõe terminar o jogo por ciclo
term-offer-draw = { $name } propõe empate
term-offer-rematch = { $name } propõe uma desforra
term-offer-answer = { $offer }: y aceitar, n recusar
term-end-aborted = Jogo anulado
term-end-no-result = sem resultado
term-end-cancelled = Desafio cancelado
term-end-never-started = o jogo nunca começou
term-end-wins = { $name } ({ $side }) ganha
term-end-draw = Empate
term-end-time = { $side } ficou sem tempo
term-end-resign = { $side } desistiu
term-end-agreement = empate por acordo
term-end-abandon-win = { $side } saiu e { $other } reclamou a vitória
term-end-abandon-draw = um jogador saiu; o outro reclamou o empate
term-online-over = Fim do jogo: { $result }: { $why }
term-wait-opponent = À espera de um adversário (envie-lhe a ligação)
term-wait-second = À espera do segundo jogador
term-their-move = Vez de { $name } ({ $side })
term-watching-to-move = A assistir: vez de { $name } ({ $side })
term-refuse-over = O jogo acabou: n propõe uma desforra
term-refuse-watching-move = Está a assistir: só os jogadores jogam
term-refuse-wait-join = Espere que um adversário entre
term-refuse-wait-turn = Espere: é a vez de { $name }
term-refuse-busy = Espere: o seu último pedido está a caminho
term-cannot-play = Não pode jogar { $pit }: { $error }
term-sending = A enviar { $pit }…
term-resigning = A desistir…
term-aborting = A anular…
term-not-resigned = Não desistiu. { $status }
term-confirm-resign-abort = Desistir? y desiste, a anula (sem resultado), outra tecla continua o jogo
term-confirm-resign = Desistir deste jogo? y desiste, outra tecla continua o jogo
term-refuse-watching-do = Está a assistir: só os jogadores podem fazer isto
term-refuse-not-under-way = Agora não: o jogo não está a decorrer
term-refuse-no-claim = Nada a reclamar: o seu adversário está presente ou não é a vez dele
term-refuse-undo = Não se anula num jogo em linha: t pede para voltar atrás na sua última jogada
term-refuse-hint = Sem dicas num jogo em linha (são para jogos contra o computador)
term-refuse-analysis = Sem análise durante o seu próprio jogo: a funciona quando acabar
term-refuse-open = Saia primeiro do jogo em linha (q), depois oware play JOGO.ogn
term-already-offers = { $name } já o propõe: y aceita, n recusa
term-no-cycle = Não há ciclo para terminar: { $error }
term-refuse-watching-answer = Está a assistir: só os jogadores respondem às propostas
term-no-offer = Nenhuma proposta a que responder
term-offered-draw = Propôs empate (d retira a proposta)
term-offered-takeback = Pediu para voltar atrás na sua última jogada (t retira o pedido)
term-offered-rematch = Propôs uma desforra
term-offered-cycle = Propôs terminar o jogo por ciclo (e retira a proposta)
term-accepted = Aceite
term-declined = Recusado
term-withdrawn = Retirado
term-refused = { $request }: { $message }
term-rematch-seat = Desforra: joga com { $side } contra { $name }.
term-reconnected = Ligação restabelecida. { $status }
term-connection-lost = Ligação perdida ({ $error }): nova tentativa dentro de { $seconds } s
term-state-unshowable = Não é possível mostrar o jogo do servidor: { $error }
term-cycle-lapsed = A proposta de terminar o jogo por ciclo caducou com a jogada. { $status }
term-rematch-agreed = Desforra aceite: a ocupar o seu lugar…

## Jogar em linha: o endereço do servidor e as suas respostas (net/)

term-link-bad = «{ $link }» não é o endereço de um jogo em linha ({ $why }): indique a ligação do convite, p. ex. http://127.0.0.1:8080/game/0123abcd...
term-link-scheme = tem de começar por http:// ou https://
term-link-no-host = falta o anfitrião
term-link-path = o caminho tem de acabar em /game/ID
term-link-id = o identificador do jogo tem só letras e algarismos
term-server-timeout = o servidor { $server } não respondeu a tempo
term-server-unreachable = não é possível contactar o servidor { $server } ({ $error })
term-http-setup = não é possível preparar o cliente HTTP: { $error }
term-answer-not-json = a resposta do servidor não é o JSON esperado: { $error }
term-server-answered = o servidor respondeu { $status }
term-answer-too-large = a resposta do servidor excede { $mib } MiB: recusada
term-state-refused = o estado do jogo enviado pelo servidor foi recusado: { $error }
term-answer-refused-kept = a resposta do servidor foi recusada ({ $error }); nada foi guardado
term-no-such-game = não há nenhum jogo { $id } em { $server }
term-not-online-link = { $link } é um jogo num só dispositivo, não um jogo em linha
term-welcome-back = Bem-vindo de volta: joga com { $side } contra { $name }.
term-welcome-account = Bem-vindo de volta: é o lugar da sua conta, joga com { $side } contra { $name }.
term-watching-full = Está a assistir: os dois lugares estão ocupados.
term-watching-free = Está a assistir: o lugar fica livre.
term-watching-ended = Está a assistir: o jogo já acabou.
term-watching-because = Está a assistir: { $reason }.
term-join-no-token = a resposta do servidor à entrada no jogo não tem senha de lugar
term-join-no-seat = o servidor não disse que lugar foi ocupado
term-you-play = Joga com { $side } contra { $name }.
term-req-move = Jogada { $pit }
term-req-resign = Desistência
term-req-abort = Anulação
term-req-offer = { $kind ->
    [draw] Proposta de empate
    [takeback] Pedido para voltar atrás
    [rematch] Proposta de desforra
   *[cycle] Proposta de terminar o jogo por ciclo
}
term-req-accept = { $kind ->
    [draw] Aceitação do empate
    [takeback] Aceitação do pedido para voltar atrás
    [rematch] Aceitação da desforra
   *[cycle] Aceitação de terminar o jogo por ciclo
}
term-req-decline = { $kind ->
    [draw] Recusa do empate
    [takeback] Recusa do pedido para voltar atrás
    [rematch] Recusa da desforra
   *[cycle] Recusa de terminar o jogo por ciclo
}
term-req-withdraw = { $kind ->
    [draw] Retirada da proposta de empate
    [takeback] Retirada do pedido para voltar atrás
    [rematch] Retirada da proposta de desforra
   *[cycle] Retirada da proposta de ciclo
}
term-req-claim-win = Reclamação da vitória
term-req-claim-draw = Reclamação do empate
term-req-rematch = Entrada na desforra
term-req-chat = Chat
term-net-thread = não é possível iniciar a tarefa de rede: { $error }
term-answer-refused = a resposta do servidor foi recusada ({ $error })
term-rematch-no-seat = o servidor não disse que lugar dá a desforra
term-server-address = o endereço do servidor { $server }: { $error }
term-chat-log-refused = Chat do servidor recusado: { $error }
term-chat-log-unread = Não foi possível ler o chat: { $error }
term-stream-idle = sem notícias do servidor há { $seconds } s
term-stream-closed = o servidor fechou a ligação
term-stream-dropped = { $error }: a ligação foi abandonada
term-update-refused = Atualização do servidor recusada: { $error }
term-event-line-too-large = o servidor enviou uma linha de evento maior do que { $mib } MiB
term-event-too-large = o servidor enviou um evento maior do que { $mib } MiB
term-seat-no-folder = não há pasta de dados pessoal para guardar a senha do lugar
term-seat-not-kept = não é possível guardar a senha do lugar em { $path }: { $error }
term-login-no-folder = não há pasta de configuração pessoal para guardar a sessão
term-login-not-kept = não é possível guardar a sessão em { $path }: { $error }
term-login-cookie-refused = o cookie de sessão do servidor foi recusado ({ $error }); nada foi guardado
term-login-no-cookie = a resposta do servidor ao início de sessão não define o cookie { $cookie }; nada foi guardado
term-logged-in = Sessão iniciada como { $name }.
term-login-ended = A sessão guardada para { $server } terminou (oware login { $server } volta a iniciá-la): joga como convidado.
term-login-hint = oware login { $server } inicia a sessão
term-login-no-name = a resposta do servidor ao início de sessão não indica nenhuma conta; nada foi guardado

## Jogar em linha: o chat (app/chat.rs, render.rs)

term-chat-open-players = Chat: escreva ao seu adversário, Enter envia, Esc fecha
term-chat-open-spectators = Chat: escreva aos espectadores, Enter envia, Esc fecha
term-chat-empty = Nada para enviar: escreva uma mensagem
term-chat-busy = Espere: a sua mensagem está a caminho
term-chat-sending = A enviar a mensagem…
term-chat-too-long = Uma mensagem tem no máximo { $max } caracteres
term-chat-arrived = { $name }: { $text } (m: chat)
term-chat-arrived-many = { $count ->
    [one] { $count } mensagem no chat (m abre-o)
   *[other] { $count } mensagens no chat (m abre-o)
}
term-chat-sent = Enviada
term-chat-refused = Chat: { $error }
term-chat-spectator = { $name } (espectador)
term-chat-guest-spectator = { $name } (espectador convidado)

## Jogar em linha: os painéis do ecrã (render.rs). As etiquetas do painel de informação
## (term-info-you, term-info-server, term-info-link) alinham com info-position: 8 colunas no máximo.

term-title-online = { $rated ->
    [yes] em linha  { $south } contra { $north }{ $clock } com classificação
   *[no] em linha  { $south } contra { $north }{ $clock }
}
term-seat-free = lugar livre
term-seat-away = ausente
term-label-thinking = a pensar…
term-label-to-move = tem a vez
term-pane-online = Jogo em linha
term-away-claim = { $name } está ausente: w reclama a vitória, = o empate
term-info-you = você
term-info-play = { $count ->
    [0] joga com { $side }
    [one] joga com { $side }, { $count } espectador
   *[other] joga com { $side }, { $count } espectadores
}
term-info-watch = { $count ->
    [0] assiste
    [one] assiste, { $count } espectador
   *[other] assiste, { $count } espectadores
}
term-info-server = servidor
term-info-connecting = a ligar…
term-info-connected = ligado
term-info-lost = ligação perdida ({ $error }), a religar
term-info-link = ligação
term-pane-moves-chat = Jogadas  m chat: { $count ->
    [one] { $count } nova
   *[other] { $count } novas
}
term-chat-no-messages = ainda não há mensagens
term-pane-chat = Chat  Esc fecha

## Os dois jogos (term.rs, tables.rs, app/)

term-too-small = O terminal tem { $size }: oware play precisa de pelo menos { $needed }. Aumente a janela ou carregue em q para sair.
term-error-game-over = o jogo acabou
term-error-empty-pit = a casa { $pit } está vazia
term-error-must-feed = é preciso alimentar { $side }
term-error-grand-slam = um grand slam (capturar todas as sementes do adversário) é proibido quando há outra jogada
term-error-wrong-side = é a vez de { $side }
term-error-empty-row = só se pode terminar um ciclo por acordo enquanto as duas filas tiverem sementes: a fila de { $side } está vazia
term-animation-off = { $status } (animação desligada: terminal lento)
term-tables-present = { $dir } (de 0 a { $max } sementes)
term-tables-absent = nenhuma em { $dir }: oware egdb build
term-local-over = O jogo acabou: n para uma desforra, u para voltar atrás
term-wait-computer = Espere: o computador está a pensar
term-nothing-to-undo = Nada para voltar atrás
term-taken-back = Jogada anulada ({ $count } para refazer). { $status }
term-nothing-to-redo = Nada para refazer
term-opened = { $count ->
    [one] { $name } aberto ({ $count } jogada). { $status }
   *[other] { $name } aberto ({ $count } jogadas). { $status }
}
term-saved = Gravado em { $path }
term-cannot-save = Não é possível gravar em { $path }: { $error }
term-cannot-open = Não é possível abrir { $path }: { $error }
term-not-ogn = não é um jogo OGN: { $error }
term-no-hint-now = Agora não há dica: não é a sua vez
term-looking-for-hint = À procura de uma dica…
term-game-is-over = O jogo acabou
term-cycle-you-propose = Propõe terminar o jogo por ciclo (cada um fica com a sua fila: Sul { $south }, Norte { $north }): o computador está a pensar…
term-cycle-side-proposes = { $side } propõe terminar o jogo por ciclo (cada um fica com a sua fila: Sul { $south }, Norte { $north }). { $other }: y aceitar, n recusar
term-cycle-computer-proposes = O computador propõe terminar o jogo: a posição repete-se em ciclo (cada um fica com a sua fila: Sul { $south }, Norte { $north }). y aceitar, n recusar
term-cycle-computer-accepts = O computador aceita. { $status }
term-cycle-computer-declines = O computador recusa: consegue melhor do que esta divisão. É a sua vez
term-cycle-you-accept = Aceita. { $status }
term-cycle-side-accepts = { $side } aceita. { $status }
term-cycle-you-decline = Recusa: o jogo continua. { $status }
term-cycle-side-declines = { $side } recusa: o jogo continua. { $status }
term-cycle-answer-first = Responda primeiro à proposta: y termina o jogo por ciclo, n continua a jogar
term-cycle-wait-computer = Espere: o computador está a analisar a sua proposta
term-name-you = você
term-name-computer = computador ({ $level })
term-name-player = jogador
term-name-online-you = { $name } (você)
term-analysis-stopped = Análise parada
term-analysis-over = O jogo acabou: nada para analisar
term-analysing = A analisar (a para parar)
term-copied = Copiado: { $position }
term-cancelled = Cancelado
term-no-file-name = Nenhum nome de ficheiro indicado
term-not-your-pit = Essa casa é de { $owner }: é a vez de { $side }
term-engine-refused = A jogada do motor foi recusada: { $error }
term-hint = Dica: casa { $pit } (avaliação { $score }); Enter joga-a

## O que o terminal recusa numa resposta do servidor (wire.rs, checked.rs)

term-bad-move-letter = a letra de uma jogada tem de ser uma letra ASCII
term-server-rules = as regras do servidor «{ $rules }»: { $error }
term-server-start = a posição inicial do servidor «{ $position }»: { $error }
term-server-move-text = a jogada { $number } do servidor: { $error }
term-server-move = a jogada { $number } do servidor ({ $pit }): { $error }
term-server-cycle = o ciclo acordado do servidor: { $error }
term-chat-no-text = uma mensagem de chat sem texto
term-chat-anonymous = Espectador
term-chat-message-refused = Mensagem de chat do servidor recusada: { $error }
term-bad-game-id = um identificador de jogo tem de 1 a { $max } letras e algarismos ASCII
term-bad-seat-token = uma senha de lugar tem de 1 a { $max } letras e algarismos ASCII
term-bad-session = um cookie de sessão tem exatamente { $length } algarismos hexadecimais

## O comando `oware play` (crates/oware-cli/src/cmd/play.rs): os seus erros e o resumo que
## mostra quando o ecrã do jogo fecha

term-cannot-read-game = não é possível ler o ficheiro de jogo { $path }
term-needs-terminal = oware play precisa de um terminal (a entrada e a saída padrão têm de o ser)
term-terminal-broke = o terminal falhou
term-new-flags-need-server = --new, --clock, --side, --private e --rated são para um novo jogo: indique o endereço do servidor ({ $server }), não a ligação de um jogo
term-watch-needs-link = --watch precisa da ligação de um jogo (http://ANFITRIAO:PORTA/game/ID)
term-bad-side = --side tem de ser S, N ou random, não «{ $side }»
term-game-goes-on = O jogo continua em { $link }: oware play --online { $link } devolve-lhe o seu lugar.
term-summary = { $count ->
    [one] oware play: { $count } jogada
   *[other] oware play: { $count } jogadas
}
term-summary-end = { $count ->
    [one] oware play: { $count } jogada, { $end }
   *[other] oware play: { $count } jogadas, { $end }
}
term-summary-moves = jogadas
term-summary-ratings = pontuação
