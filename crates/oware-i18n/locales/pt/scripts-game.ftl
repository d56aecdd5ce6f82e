# Os scripts da página de jogo (static/js: main, dialogs, controls, board, status, movelist, state,
# game, clock, cycle, record, api).

## Os nomes: o servidor dá os nomes dos lados em inglês, a página mostra-os na sua língua.
game-side-south = Sul
game-side-north = Norte
game-name-you = Você
game-name-computer = Computador ({ $level })
game-level-easy = Fácil
game-level-medium = Médio
game-level-hard = Difícil
game-level-expert = Perito

## A linha de estado por cima do tabuleiro
game-status-choose = Escolha um adversário para começar.
game-status-replay-start = Histórico: posição inicial
game-status-replay = Histórico: posição depois da jogada { $ply }
game-status-open-invite = À espera de um adversário: envie a ligação de convite
game-status-seat-free = Há um lugar livre: ocupe-o para jogar
game-status-aborted = Jogo anulado
game-status-cancelled = Este desafio foi cancelado
game-status-your-move = A sua vez
game-status-waiting = À espera da jogada de { $name }
game-status-watching = Vez de { $name } · está a assistir
game-status-over-you-win = Fim do jogo: ganhou, { $bottom }–{ $top }
game-status-over-wins = Fim do jogo: { $name } ganha, { $bottom }–{ $top }
game-status-over-draw = Fim do jogo: empate, { $bottom }–{ $top }
game-status-thinking = { $name } está a pensar
game-status-your-turn = A sua vez: escolha uma das suas casas
game-status-to-move = Vez de { $name }

## Uma jogada por palavras (lida pelos leitores de ecrã)
game-move-you = Jogou { $letter }: { $sown ->
    [one] { $sown } semente semeada
   *[other] { $sown } sementes semeadas
}.
game-move = { $name } joga { $letter }: { $sown ->
    [one] { $sown } semente semeada
   *[other] { $sown } sementes semeadas
}.
game-move-you-capture = Jogou { $letter }: { $sown ->
    [one] { $sown } semente semeada
   *[other] { $sown } sementes semeadas
}, e capturou { $captured } em { $pits }.
game-move-capture = { $name } joga { $letter }: { $sown ->
    [one] { $sown } semente semeada
   *[other] { $sown } sementes semeadas
}, e captura { $captured } em { $pits }.
game-move-you-slam-capture = Jogou { $letter }: { $sown ->
    [one] { $sown } semente semeada
   *[other] { $sown } sementes semeadas
}, e capturou { $captured } em { $pits } (grand slam).
game-move-slam-capture = { $name } joga { $letter }: { $sown ->
    [one] { $sown } semente semeada
   *[other] { $sown } sementes semeadas
}, e captura { $captured } em { $pits } (grand slam).
game-move-you-slam = Jogou { $letter }: { $sown ->
    [one] { $sown } semente semeada
   *[other] { $sown } sementes semeadas
} (um grand slam: com estas regras não captura nada).
game-move-slam = { $name } joga { $letter }: { $sown ->
    [one] { $sown } semente semeada
   *[other] { $sown } sementes semeadas
} (um grand slam: com estas regras não captura nada).

## Porque não se pode jogar uma casa
game-why-no-game = Comece primeiro um jogo.
game-why-replay = Está a ver uma posição anterior: volte ao jogo para jogar.
game-why-game-over = O jogo acabou.
game-why-wait = Aguarde: { $name } está a pensar.
game-why-computers-pit = Essa casa é do computador. As suas são as da fila de baixo.
game-why-not-your-row = É a vez de { $name }: jogue uma casa da fila de { $name }.
game-why-empty-pit = A casa { $pit } está vazia.
game-why-must-feed-you = Não tem sementes: o computador tem de jogar uma casa que lhe dê sementes.
game-why-must-feed = { $name } não tem sementes: tem de jogar uma casa que dê sementes a { $name }.
game-why-grand-slam = Essa jogada capturaria todas as sementes do adversário (um grand slam), o que estas regras proíbem enquanto houver outra jogada.

## As etiquetas do tabuleiro (leitores de ecrã) e as dicas de ferramenta
game-pit-label-you = { $letter }, { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
}, a sua casa
game-pit-label = { $letter }, { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
}, casa de { $name }
game-pit-cannot = { $label } (não se pode jogar: { $why })
game-pit-played = { $label }, a jogada feita
game-pit-best = { $label }, a melhor jogada segundo a revisão
game-store-label-you = O seu depósito: { $count ->
    [one] { $count } semente capturada
   *[other] { $count } sementes capturadas
}
game-store-label = Depósito de { $name }: { $count ->
    [one] { $count } semente capturada
   *[other] { $count } sementes capturadas
}
game-row-you = As suas casas
game-row = Casas de { $name }
game-captured-seeds = sementes capturadas
game-score-final = { $total } no total: { $captured } capturadas, { $shared } do tabuleiro
game-egdb-exact = ganha { $lo } { $total ->
    [one] da única semente
   *[other] das { $total } sementes
}
game-egdb-range = ganha de { $lo } a { $hi } { $total ->
    [one] da única semente
   *[other] das { $total } sementes
}

## A lista de jogadas
game-no-moves = Ainda não há jogadas.
game-movelist-move-you = Jogada { $ply }: jogou { $move }. Mostrar esta posição.
game-movelist-move = Jogada { $ply }: { $name } jogou { $move }. Mostrar esta posição.
game-movelist-review-you = Jogada { $ply }: jogou { $move }. { $verdict } Mostrar a revisão desta jogada.
game-movelist-review = Jogada { $ply }: { $name } jogou { $move }. { $verdict } Mostrar a revisão desta jogada.
game-class-best = Melhor jogada.
game-class-good = Boa jogada.
game-class-inaccuracy = Imprecisão.
game-class-mistake = Erro.
game-class-blunder = Erro grave.

## Por baixo do tabuleiro, o painel Registo
game-replay-start = A ver a posição inicial
game-replay-after = A ver a posição depois da jogada { $ply }
game-rules-standard = abapa (padrão)
game-copied-position = Posição em texto copiada.
game-copied-ogn = Registo OGN copiado.
game-ogn-unavailable = Não foi possível obter o registo OGN: tente de novo.

## Os relógios (leitores de ecrã)
game-clock-you = O seu relógio: { $time }
game-clock-you-running = O seu relógio: { $time }, a correr
game-clock = Relógio de { $name }: { $time }
game-clock-running = Relógio de { $name }: { $time }, a correr

## Mensagens por baixo do tabuleiro
game-new-computer-you-start = Novo jogo contra o computador ({ $level }). Você começa.
game-new-computer-starts = Novo jogo contra o computador ({ $level }). O computador começa.
game-new-friend = Novo jogo contra um amigo. { $name } começa.
game-imported-over = Jogo importado: continua depois da jogada { $ply }. Já terminou.
game-imported-you-move = Jogo importado: continua depois da jogada { $ply }. É a sua vez.
game-imported-computer-moves = Jogo importado: continua depois da jogada { $ply }. O computador joga a seguir.
game-imported-to-move = Jogo importado: continua depois da jogada { $ply }. Vez de { $name }.
game-welcome-back = Bem-vindo de volta: o seu jogo está onde o deixou.
game-undone = Jogada anulada.
game-redone = Jogada refeita.
game-online-missing = { $error } Comece um novo jogo ou escolha um desafio na sala de espera da página inicial.
game-error-unreachable = Não é possível contactar o servidor. O `oware serve` ainda está a correr?
game-error-status = O servidor respondeu { $status }.
game-rated-note-account = regras padrão com relógio; os dois jogadores precisam de uma conta
game-rated-note-guest = inicie sessão para jogar jogos a contar para a classificação (regras padrão, com relógio)

## Terminar um jogo num aparelho por ciclo
game-cycle-proposes = { $name } propõe terminar o jogo: a posição repete-se em ciclo (cada um fica com as sementes da sua fila).
game-cycle-ask = { $name } propõe terminar o jogo: a posição repete-se em ciclo (cada um fica com as sementes da sua fila). { $other }, concorda?
game-cycle-declined = O jogo continua: a proposta foi recusada.
game-cycle-computer-moves = O jogo continua: o computador joga.
game-cycle-considers = O computador está a pensar na sua proposta…
game-cycle-computer-agrees = O computador aceita: o jogo termina e cada um fica com as sementes da sua fila.
game-cycle-computer-declines = O computador recusa: acha que pode fazer melhor continuando a jogar.

## O fim do jogo
game-over-aborted = Jogo anulado
game-over-draw = Empate
game-over-you-win = Ganhou!
game-over-computer-wins = O computador ganhou
game-over-wins = { $name } ganhou!
game-over-opponent-wins = { $name } ganhou
game-over-announce = Fim do jogo. { $title } { $bottom } a { $top }. { $reason }
game-end-capture-you = Capturou mais de metade das 48 sementes.
game-end-capture = { $name } capturou mais de metade das 48 sementes.
game-end-draw = Cada jogador capturou 24 sementes.
game-end-no-feed-you = Não podia jogar, ou não podia dar sementes ao adversário. Cada um fica com as sementes que restam na sua fila.
game-end-no-feed = { $name } não podia jogar, ou não podia dar sementes ao adversário. Cada um fica com as sementes que restam na sua fila.
game-end-cycle-third = A mesma posição voltou pela terceira vez, por isso o jogo terminou. Cada um fica com as sementes que restam na sua fila.
game-end-cycle-third-even = A mesma posição voltou pela terceira vez, por isso o jogo terminou. As sementes restantes foram divididas ao meio.
game-end-cycle-first = A mesma posição voltou, por isso o jogo terminou. Cada um fica com as sementes que restam na sua fila.
game-end-cycle-first-even = A mesma posição voltou, por isso o jogo terminou. As sementes restantes foram divididas ao meio.
game-end-time = { $name } ficou sem tempo.
game-end-resign = { $name } desistiu.
game-end-agreement = Os jogadores acordaram um empate.
game-end-agreed-cycle = Os jogadores acordaram que o jogo se tinha tornado um ciclo sem fim: cada um fica com as sementes da sua fila.
game-end-abandon = { $name } saiu do jogo e { $winner } reclamou a vitória.
game-end-abandon-draw = Um jogador saiu do jogo e o outro declarou empate.
game-end-aborted = O jogo foi anulado antes de os dois jogadores terem jogado: não conta.
game-end-rating = Classificação:
game-end-rating-of = { $name } { $rating }
