# As respostas de erro do servidor (ver en/errors.ftl).

## Jogadas e jogos

error-bad-move = Isto não é uma jogada: escolha uma das suas casas.
error-empty-pit = Esta casa está vazia: escolha uma casa com sementes.
error-game-over = O jogo terminou.
error-grand-slam = Esta jogada capturaria todas as sementes do adversário (um grand slam), o que estas regras proíbem enquanto houver outra jogada.
error-illegal-move = Esta jogada não é permitida aqui: escolha outra.
error-must-feed = O seu adversário não tem sementes: tem de jogar uma casa que lhe dê algumas.
error-not-your-turn = Não é a sua vez de jogar.
error-wrong-side = Esta casa não está na fila do jogador que tem a vez.
error-wrong-capture = A captura escrita com esta jogada não é a que ela faz aqui.
error-nothing-to-undo = Não tem nenhuma jogada sua para anular.
error-nothing-to-redo = Não há nenhuma jogada para refazer.
error-nothing-to-take-back = Não tem nenhuma jogada sua para anular.
error-not-in-online-games = Os jogos em linha não permitem anular nem refazer: peça ao adversário para voltar atrás na jogada.
error-not-online = Este jogo joga-se num só aparelho, não em linha.
error-cycle-declined = O computador já recusou terminar o jogo aqui: continue a jogar.
error-cannot-agree-cycle = O jogo não pode terminar por acordo agora: já acabou, ou uma fila está vazia.
error-no-analysis-during-play = Os jogadores não têm acesso à análise durante o jogo.
error-bad-ply = Esta posição não existe no jogo: escolha uma das suas jogadas.
error-bad-ogn = Não é possível ler este registo do jogo: verifique-o e tente de novo.
error-bad-rules = Estas regras são desconhecidas: escolha regras da lista.
error-bad-side = O lado é Sul (S) ou Norte (N).
error-bad-opponent = Escolha um adversário: o computador (fácil, médio, difícil, perito) ou um amigo.
error-conflicting-options = Estas definições não combinam: escolha uma delas.
error-not-applicable = Esta definição não se aplica a este tipo de jogo: deixe-a de fora.
error-unknown-game = Não há nenhum jogo neste endereço: pode ter sido removido.

## Jogos em linha, propostas e desafios

error-no-token = Este jogo não o reconhece: abra-o no aparelho em que joga.
error-wrong-token = Este jogo não o reconhece: abra-o no aparelho em que joga.
error-not-your-seat = Só os jogadores deste jogo podem fazer isto.
error-seat-taken = Outra pessoa ocupou este lugar primeiro: pode ver o jogo.
error-not-open = Este desafio já não está aberto.
error-not-started = O jogo ainda não começou: aguarde um adversário.
error-own-challenge = Este desafio é seu: envie a ligação ao seu adversário.
error-log-in-to-join = Este jogo é para jogadores com classificação: inicie sessão para o jogar.
error-out-of-range = Este desafio destina-se a jogadores com outra classificação.
error-not-rated = Este jogo não pode contar para a classificação: um jogo a contar precisa de relógio, das regras habituais (abapa) e de jogadores com sessão iniciada.
error-bad-range = O intervalo de classificação são duas classificações de 0 a 4000, a mais baixa primeiro, e precisa de relógio.
error-no-advice-in-rated-games = Um jogo a contar para a classificação não pode abrir-se aos conselhos dos espectadores.
error-bad-clock = Estas definições do relógio não servem: escolha um ritmo de jogo da lista.
error-bad-color = Escolha um lado: ao acaso, Sul ou Norte.
error-cannot-abort = Ambos os lados já jogaram: o jogo já não pode ser anulado (desista ou proponha empate).
error-cannot-claim = Não pode reclamar agora: só o jogador que espera por uma jogada que não chega pode reclamar.
error-bad-claim = Esta reclamação é desconhecida: reclame a vitória ou o empate.
error-bad-action = Esta resposta é desconhecida: propor, aceitar, recusar ou retirar.
error-bad-offer = Esta proposta não pode ser feita desta forma.
error-already-offered = Já fez esta proposta: aguarde a resposta.
error-no-offer = Não há tal proposta para responder ou retirar: pode ter sido retirada ou ter expirado.
error-offer-too-soon = A sua última proposta foi recusada ou retirada: pode voltar a propô-la dentro de { $seconds ->
        [one] um segundo.
       *[other] { $seconds } segundos.
    }
error-not-over = Uma desforra pode ser proposta quando o jogo terminar.
error-rematch-made = A desforra já está combinada.
error-bad-presence-key = Esta página perdeu a ligação ao jogo: recarregue-a.
error-no-watcher = Recarregue o jogo para ver a sua análise.
error-review-after-the-game = Um jogo em linha analisa-se depois de terminar.
error-nothing-to-review = O jogo ainda não tem jogadas para analisar.
error-bad-depth = A profundidade de uma análise vai de { $min } a { $max } jogadas.
error-too-many-reviews = { $count ->
        [one] Já tem uma análise em curso: aguarde que termine.
       *[other] Já tem { $count } análises em curso: aguarde que uma termine.
    }

## A sala e as filas de espera

error-lobby-full = A sala está cheia: aceite lá um desafio, ou crie o jogo sem o listar e envie a ligação.
error-too-many-challenges = Já tem desafios abertos suficientes: aguarde que aceitem um, ou cancele um.
error-no-such-challenge = Este desafio já não está aberto: foi respondido, retirado ou expirou.
error-no-such-pool = Esta fila de espera não existe: escolha uma da lista.
error-no-such-ticket = Já não está à espera nesta fila: volte a entrar nela.
error-already-waiting = Já está à espera numa fila: saia dela primeiro.
error-already-paired = Tarde demais para sair: o seu jogo já começou.
error-pool-full = As filas de espera estão cheias: tente de novo daqui a um minuto, ou publique um desafio na sala.
error-too-many-tickets = Há convidados do seu endereço já à espera nas filas: aguarde pelos jogos deles, ou inicie sessão.
error-no-bots-in-arenas = As arenas são para pessoas: os bots jogam por desafio.
error-no-bots-in-pools = As filas de espera são para pessoas: os bots jogam por desafio.

## Conversa

error-empty-message = Escreva primeiro alguma coisa: a mensagem está vazia.
error-message-too-long = { $max ->
        [one] Uma mensagem tem no máximo um carácter.
       *[other] Uma mensagem tem no máximo { $max } caracteres.
    }
error-bad-characters = Uma mensagem é uma linha de texto visível.
error-too-many-marks = { $max ->
        [one] Uma letra leva no máximo um acento ou sinal.
       *[other] Uma letra leva no máximo { $max } acentos ou sinais.
    }
error-character-too-long = Um dos caracteres desta mensagem é demasiado longo: retire-o.
error-chat-too-fast = Está a escrever depressa demais: aguarde { $seconds ->
        [one] um segundo.
       *[other] { $seconds } segundos.
    }
error-players-room = Só os dois jogadores escrevem no espaço dos jogadores: os espectadores escrevem no seu.
error-spectators-room = Os jogadores escrevem no espaço dos jogadores: o espaço dos espectadores é dos espectadores.
error-bad-room = Este espaço de conversa não existe: há o dos jogadores e o dos espectadores.
error-reserved-name = Este nome é uma das palavras do site: escolha outro.
error-name-taken = Este nome já está ocupado: escolha outro.

## Contas

error-bad-credentials = O nome ou a palavra-passe está errado.
error-bad-name = { $of ->
        [tournament] Este nome está reservado aos torneios do site: escolha outro.
       *[account] Um nome de utilizador tem de { $min } a { $max } caracteres: letras (a–z, A–Z), algarismos, «_» e «-», e não é uma das palavras do site.
    }
error-bad-password = Uma palavra-passe tem de { $min } a { $max } caracteres, não é uma das mais comuns e não é o nome de utilizador.
error-bad-reset = Esta ligação de reposição é desconhecida, já foi usada ou expirou: peça uma nova.
error-not-logged-in = Não tem sessão iniciada: inicie sessão primeiro.
error-no-such-player = Não há nenhum jogador com este nome.
error-too-many-attempts = Demasiadas tentativas: tente de novo daqui a { $seconds ->
        [one] um segundo.
       *[other] { $seconds } segundos.
    }
error-too-many-sign-ups = Foram criadas demasiadas contas a partir deste endereço: tente de novo daqui a { $seconds ->
        [one] um segundo.
       *[other] { $seconds } segundos.
    }
error-busy = O servidor está ocupado a verificar palavras-passe: tente de novo daqui a pouco.
error-bad-lang = O site não tem esta língua.
error-foreign-origin = Este pedido veio de outro site com a sua sessão: foi recusado.
error-session-required = Para isto, precisa de ter sessão iniciada no site, não de um token de API.

## Bots e tokens de API

error-token-required = Para isto, precisa de um token de API, não de uma sessão.
error-bad-token = Este token de API é desconhecido ou foi revogado.
error-missing-scope = Este token de API não permite isto: crie um com o âmbito certo.
error-bad-scope = Estes âmbitos são desconhecidos: escolha-os da lista.
error-bad-description = { $max ->
        [one] A descrição de um token tem um byte de texto.
       *[other] A descrição de um token tem de 1 a { $max } bytes de texto.
    }
error-too-many-tokens = { $max ->
        [one] Uma conta pode ter um só token: revogue-o antes de criar outro.
       *[other] Uma conta pode ter { $max } tokens: revogue um antes de criar outro.
    }
error-no-such-token = Esta conta não tem esse token.
error-has-played = Só uma conta que nunca jogou pode tornar-se um bot.
error-not-a-bot = Esta conta não é um bot: converta-a primeiro.
error-bad-reason = Este motivo é desconhecido: escolha um da lista.
error-bad-answer = A resposta é sim ou não.

## Torneios

error-not-found = Não há nada neste endereço: verifique-o.
error-bad-kind = Um torneio é uma arena ou um suíço.
error-bad-length = Esta duração não serve: escolha uma da lista.
error-bad-size = Este número de jogadores não serve: escolha um da lista.
error-bad-start = Esta hora de início é demasiado distante: escolha uma mais próxima.
error-too-many-tournaments = Já tem torneios por terminar suficientes: aguarde que um termine.
error-tournament-full = Este torneio está cheio.
error-tournament-finished = Tarde demais: este torneio terminou ou está na última ronda.
error-not-a-player = Não está a jogar neste torneio.
error-withdrawn = Desistiu deste torneio suíço: não pode voltar.
error-no-berserk = O berserk é só para arenas.
error-berserk-too-late = O berserk só é possível antes da sua primeira jogada.
error-no-clock = Este jogo não tem relógio.
error-no-game = Não tem nenhum jogo em curso neste torneio.

## Problemas, lições, classificação

error-no-such-puzzle = Este problema não existe.
error-no-puzzle-left = Não resta nenhum problema deste tema para jogar: escolha outro tema.
error-bad-theme = Este tema é desconhecido: escolha um da lista.
error-not-played = Jogue o problema antes de votar.
error-no-such-lesson = Esta lição não existe.
error-no-such-step = Esta lição não tem esse passo.
error-bad-moves = Não é possível ler estas jogadas: recomece o passo.
error-bad-stars = Não é possível guardar estas estrelas: recarregue a página.
error-not-solved = Estas jogadas não resolvem o passo: nenhuma estrela foi guardada.
error-bad-question = Esta pergunta não é válida: recarregue a página.
error-bad-bots = Escolha partidas com ou sem bots, ou só as partidas com um bot.
error-bad-category = As categorias são blitz, rápidas e por correspondência.
error-bad-channel = Os canais da TV são a melhor partida, os bots e o torneio.
error-bad-qr-text = Este endereço não pode ser mostrado como código QR.

## Limites e servidor

error-too-many-games = Foram criados demasiados jogos a partir do seu endereço: aguarde { $seconds ->
        [one] um segundo,
       *[other] { $seconds } segundos,
    } ou continue um deles.
error-too-many-live-games = Já tem tantos jogos em linha a decorrer quantos uma conta pode ter: termine ou abandone alguns antes de começar outro.
error-too-many-engine-jobs = Demasiados cálculos do computador a partir do seu endereço: aguarde { $seconds ->
        [one] um segundo.
       *[other] { $seconds } segundos.
    }
error-too-many-streams = Há demasiadas páginas do site abertas a partir do seu endereço: feche um separador, ou aguarde que um jogo termine.
error-too-many-clients = Há demasiadas pessoas a jogar neste momento: tente de novo daqui a { $seconds ->
        [one] um segundo.
       *[other] { $seconds } segundos.
    }
error-engine-busy = O computador está ocupado: tente de novo daqui a { $seconds ->
        [one] um segundo.
       *[other] { $seconds } segundos.
    }
error-conflict = O jogo foi alterado noutro sítio no mesmo instante: recarregue-o e tente de novo.
error-storage = Não foi possível ler ou guardar o jogo agora: tente de novo daqui a pouco.
error-internal = Algo correu mal no servidor: tente de novo e avise-nos se continuar.
error-unknown-host = Este servidor não responde a este endereço.
error-bad-request = Não é possível ler este pedido: recarregue a página e tente de novo.
error-bad-json = Não é possível ler este pedido: recarregue a página e tente de novo.
error-bad-field = Este pedido tem um valor errado: recarregue a página e tente de novo.
error-bad-body = Não é possível ler este pedido: recarregue a página e tente de novo.
error-bad-path = Este endereço não é válido: verifique-o.
error-bad-query = Este endereço tem um valor errado: verifique-o.
error-content-type = Este pedido tem de ser enviado em JSON.
error-body-too-large = Este pedido é demasiado grande para o servidor: envie menos.
error-body-timeout = O pedido deixou de chegar antes de estar completo: verifique a sua ligação e tente de novo.
error-method-not-allowed = Este endereço não responde a este tipo de pedido.

# The analysis board and the board editor (POST /api/position).
error-bad-position = Isto não é uma posição: doze contagens de sementes, dois depósitos e o lado a jogar, separados por hífenes.
error-seed-count = As casas e os depósitos têm de ter 48 sementes no total.
error-position-won = Um dos lados já capturou mais de metade das sementes: o jogo acabou.
error-position-drawn = Cada lado já capturou 24 sementes: o jogo está empatado.
error-no-legal-move = O lado a jogar não tem nenhuma jogada legal aqui, por isso as regras terminam o jogo.
error-bad-record = Não é possível ler este registo do jogo na linha { $line }, coluna { $column }: verifique-o aí e tente de novo.

## Turmas (issue 56).

error-bad-pupils = Indique o nome de pelo menos um aluno.
error-bad-work = Este trabalho não pode ser dado: verifique o tipo, o conteúdo e a data.
error-bad-level = Um nível de contagem vai de 1 a 4.
error-bad-sheet = Este número de ficha não existe.
error-pupil-safe = A conta de um aluno só joga e conversa com a sua turma e com o computador, até o professor a abrir.
error-too-many-classes = Já tem tantas turmas quantas as permitidas: apague uma primeiro.
error-too-many-rounds = Já enviou tantos problemas jogados sem ligação quantos um dia permite: os restantes ficam guardados e são enviados amanhã.
error-too-many-pupils = Esta turma já tem tantos alunos quantos os permitidos.
error-too-much-work = Esta turma já tem tanto trabalho quanto o permitido: retire algum primeiro.
