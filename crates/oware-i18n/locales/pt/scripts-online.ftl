# O jogo online no navegador: o jogo online (online.js), o painel das propostas e ações (offers.js),
# a sala (lobby.js), as filas de espera e «É a sua vez» (pool.js), a conversa (chat.js), os tokens de
# API (tokens.js). $side é o código de um lugar: S (Sul) ou N (Norte).

## online.js

online-not-online = Este endereço não é de um jogo online.
online-welcome-back = { $side ->
    [S] Olá de novo: joga com o Sul.
   *[N] Olá de novo: joga com o Norte.
}
online-you-watch = Está a assistir a este jogo.
online-you-play = { $side ->
    [S] Joga com o Sul contra { $opponent }.
   *[N] Joga com o Norte contra { $opponent }.
}
online-refuse-watching = Está a assistir: só os jogadores jogam.
online-refuse-no-opponent = Aguarde que entre um adversário.
online-refuse-their-move = Aguarde: é a vez de { $name }.
online-you-resigned = Desistiu.
online-game-aborted = Jogo anulado.

## offers.js

online-side = { $side ->
    [S] Sul
   *[N] Norte
}
online-accept = Aceitar
online-decline = Recusar
online-withdraw = Retirar
online-invite-private = Envie esta ligação à pessoa com quem quer jogar. Só quem tiver a ligação pode entrar.
online-invite-lobby = Envie esta ligação, ou aguarde: o desafio também aparece na sala da página inicial.
online-invite-rated = O jogo conta para a classificação: o seu adversário precisa de uma conta.
online-qr-alt = Código QR da ligação de convite, para a câmara de um telemóvel
online-join-clock = { $side ->
    [S] Convite de { $creator } para jogar. Jogaria com o Sul, { $minutes }+{ $increment }.
   *[N] Convite de { $creator } para jogar. Jogaria com o Norte, { $minutes }+{ $increment }.
}
online-join-no-clock = { $side ->
    [S] Convite de { $creator } para jogar. Jogaria com o Sul, sem relógio.
   *[N] Convite de { $creator } para jogar. Jogaria com o Norte, sem relógio.
}
online-join-rated = O jogo conta para a classificação.
online-join-rated-log-in = O jogo conta para a classificação: inicie sessão (no topo da página) para ocupar o lugar.
online-seat-free = { $side ->
    [S] Lugar livre (Sul): à espera de um jogador
   *[N] Lugar livre (Norte): à espera de um jogador
}
online-seat-connected = { $side ->
    [S] { $name } (Sul): com ligação
   *[N] { $name } (Norte): com ligação
}
online-seat-away = { $side ->
    [S] { $name } (Sul): sem ligação
   *[N] { $name } (Norte): sem ligação
}
online-seat-you-connected = { $side ->
    [S] { $name } (Sul, é você): com ligação
   *[N] { $name } (Norte, é você): com ligação
}
online-seat-you-away = { $side ->
    [S] { $name } (Sul, é você): sem ligação
   *[N] { $name } (Norte, é você): sem ligação
}
online-spectators = { $count ->
    [0] Ninguém está a assistir.
    [one] { $count } espectador.
   *[other] { $count } espectadores.
}
online-you-offer-draw = Propôs um empate.
online-you-offer-takeback = Pediu para anular a sua última jogada.
online-you-offer-rematch = Propôs uma desforra.
online-you-offer-cycle = Propôs terminar o jogo: a posição repete-se em ciclo (cada jogador fica com as sementes da sua própria fila).
online-they-offer-draw = { $name } propõe um empate.
online-they-offer-takeback = { $name } pede para anular a sua última jogada.
online-they-offer-rematch = { $name } propõe uma desforra.
online-they-offer-cycle = { $name } propõe terminar o jogo: a posição repete-se em ciclo (cada jogador fica com as sementes da sua própria fila).
online-watch-offer-takeback = { $name } pede para anular uma jogada.
online-cancel-challenge = Cancelar o desafio
online-abort = Anular
online-resign = Desistir
online-resign-confirm = Desistir deste jogo? O seu adversário ganha.
online-offer-draw = Propor empate
online-ask-takeback = Pedir para anular
online-propose-cycle = Propor: a posição repete-se
online-opponent-left = { $name } saiu do jogo.
online-claim-win = Reclamar a vitória
online-claim-draw = Declarar empate
online-opponent-away = { $seconds ->
    [one] { $name } está sem ligação. Se não voltar dentro de { $seconds } segundo, pode reclamar o jogo.
   *[other] { $name } está sem ligação. Se não voltar dentro de { $seconds } segundos, pode reclamar o jogo.
}
online-go-to-rematch = Ir para a desforra
online-watch-rematch = Ver a desforra
online-rematch = Desforra
online-accept-rematch = Aceitar a desforra
online-rematch-offered = Desforra proposta
online-home-lobby = Início e sala
online-invite-copied = Ligação de convite copiada.
online-invite-copy-refused = Selecione a ligação e copie-a (o navegador não permitiu copiar).

## lobby.js

online-color-random = lado sorteado
online-color-south = joga com o Sul
online-color-north = joga com o Norte
online-days-per-move = { $days ->
    [one] { $days } dia por jogada
   *[other] { $days } dias por jogada
}
online-no-clock = sem relógio
online-lobby-range = classificação { $low }–{ $high }
online-lobby-rules = regras: { $rules }
online-rated = a contar
online-casual = amigável
online-lobby-empty = Nenhum desafio aberto. Lance um: Novo jogo → Uma pessoa online.
online-someone = Alguém
online-lobby-yours = O seu: abrir
online-lobby-accept-named = Aceitar o desafio de { $name }: { $details }
online-lobby-accept = Aceitar o desafio: { $details }

## pool.js

online-time-days = { $days } d { $hours } h
online-time-hours = { $hours } h { $minutes } min
online-time-minutes = { $minutes } min { $seconds } s
online-pool-waiting-rated = À espera de um adversário em { $pool } (a contar)
online-pool-waiting-casual = À espera de um adversário em { $pool } (amigável)
online-pool-range = adversários { $low }–{ $high }
online-pool-bot-after = um bot da casa joga consigo após { $seconds } s
online-pool-waited = { $seconds } s
online-pool-found = Adversário encontrado: a abrir o jogo…
online-pool-lost = Saiu da fila de espera (a ligação perdeu-se). Escolha um ritmo para voltar a esperar.
online-turn-against = contra { $name }
online-turn-against-someone = contra alguém
online-turn-live = ao vivo
online-turn-time-left = faltam { $time }
online-bot-house = bot da casa, { $level }
online-bot-house-easy = bot da casa, fácil
online-bot-house-medium = bot da casa, médio
online-bot-house-hard = bot da casa, difícil
online-bot-house-expert = bot da casa, especialista
online-bot = bot

## chat.js

online-chat-verified-title = Sessão iniciada nesta conta
online-chat-verified = conta verificada
online-chat-tag-side = { $side ->
    [S] (Sul)
   *[N] (Norte)
}
online-chat-tag-spectator = (espectador)
online-chat-tag-guest = (espectador convidado)
online-chat-empty = Ainda não há mensagens.
online-chat-mute = Silenciar
online-chat-mute-title = Ocultar as mensagens de { $name }
online-chat-muted = { $count ->
    [one] { $count } pessoa silenciada.
   *[other] { $count } pessoas silenciadas.
}
online-chat-unmute = Mostrar todos de novo
online-chat-show = Mostrar a conversa
online-chat-hide = Ocultar a conversa
online-chat-note-player-advice = Fala com o seu adversário. Este jogo está aberto a conselhos: as mensagens dos espectadores também aparecem aqui.
online-chat-note-player = Fala com o seu adversário. Os espectadores leem isto; o espaço deles está oculto para os jogadores.
online-chat-note-spectator-advice = Escreve no espaço dos espectadores. Este jogo está aberto a conselhos: os jogadores também o leem.
online-chat-note-spectator = Escreve no espaço dos espectadores; os jogadores não o veem. Lê as mensagens dos jogadores.

## tokens.js

online-tokens-title = Tokens de API
online-tokens-intro = Um token permite que um programa, como um robô, jogue com esta conta.
online-token-purpose = Para que serve
online-token-scopes = Pode
online-token-copy-now = Copie-o agora: só é mostrado desta vez.
online-tokens-close = Fechar
online-token-create = Criar um token
online-tokens-none = Nenhum token.
online-token-revoke = Revogar
online-token-used = ({ $scopes }); criado em { $made }, usado pela última vez em { $used }
online-token-unused = ({ $scopes }); criado em { $made }, nunca usado

## Challenges between accounts (challenge.js), the BOT mark
online-tokens-guide = Ler o guia dos robôs
online-pool-bots = Jogar contra um robô da casa se ninguém aparecer em { $seconds } s
online-bot-mark = BOT
online-bot-mark-title = Este jogador é um programa (um robô)
online-challenge = Desafiar
online-challenge-title = Desafiar { $name }
online-challenge-clock = Ritmo de jogo
online-challenge-no-clock = Sem relógio
online-challenge-rated = Valendo pontuação (precisa de relógio)
online-challenge-side = Você joga
online-challenge-side-random = Um lado sorteado
online-challenge-side-south = Sul
online-challenge-side-north = Norte
online-challenge-send = Enviar o desafio
online-challenge-cancel = Cancelar
online-challenge-from = Desafio de { $name }
online-challenge-incoming = { $name } desafia você: { $terms }
online-challenge-terms-rated = valendo pontuação
online-challenge-terms-casual = amistosa
online-challenge-terms-random = lados sorteados
online-challenge-terms-you-south = você joga no Sul
online-challenge-terms-you-north = você joga no Norte
online-challenge-accept = Aceitar
online-challenge-decline = Recusar
online-challenge-reason = Motivo
online-challenge-reason-generic = sem motivo
online-challenge-reason-later = agora não, tente mais tarde
online-challenge-reason-too-fast = este ritmo é rápido demais
online-challenge-reason-too-slow = este ritmo é lento demais
online-challenge-reason-time-control = não com este ritmo de jogo
online-challenge-reason-rated = só partidas amistosas
online-challenge-reason-casual = só partidas valendo pontuação
online-challenge-reason-no-bot = sem partidas contra robôs
online-challenge-reason-only-bot = só partidas contra robôs
online-challenge-waiting = Esperando { $name } responder ao seu desafio
online-challenge-withdraw = Retirar
online-challenge-declined = { $name } recusou o seu desafio: { $reason }.
online-challenge-offline = { $name } não está online: o seu desafio foi recusado.
online-challenge-expired = { $name } não respondeu a tempo ao seu desafio.
online-challenge-close = Fechar
