# Os scripts dos jogadores: a conta no cabeçalho (static/js/account.js), os perfis e as
# classificações (static/js/players.js), os torneios (static/js/tournament.js).

## As categorias de pontuação (account.js, partilhadas pelas páginas que mostram pontuações)

people-cat-blitz = Blitz
people-cat-rapid = Rápidas
people-cat-correspondence = Por correspondência

## A conta no cabeçalho e as suas janelas (account.js)

people-login = Entrar
people-signup = Registar
people-signup-title = Criar uma conta
people-to-signup = Ainda não tem conta? Registe-se
people-to-login = Já tem conta? Entre
people-signup-intro = Um nome de 2 a 20 letras, algarismos, _ ou -; uma palavra-passe com pelo menos 8 caracteres. Sem conta, pode continuar a jogar partidas amigáveis.
people-field-name = Nome de utilizador
people-field-password = Palavra-passe
people-field-current = Palavra-passe atual
people-field-new = Nova palavra-passe
people-cancel = Cancelar
people-password-title = Alterar a palavra-passe
people-password-ok = Alterar
people-password-changed = Palavra-passe alterada.
people-close-title = Encerrar a conta
people-close-ok = Encerrar a minha conta
people-close-intro = As suas partidas ficam e continuam a aparecer com o seu nome, assinalado como encerrado. Não poderá voltar a entrar.
people-closed = Conta encerrada. As partidas ficam, com o nome da conta.
people-logged-out = Sessão terminada.
people-logged-out-all = Sessão terminada em todos os dispositivos.
people-menu-profile = Perfil
people-menu-leaderboard = Classificação
people-menu-logout = Sair
people-menu-logout-all = Sair em todos os dispositivos
people-menu-tokens = Tokens da API (bots)

## Perfis, classificações, nova palavra-passe (players.js)

people-result-win = Vitória
people-result-draw = Empate
people-result-loss = Derrota
people-filter-all = Todos
people-filter-wins = Vitórias
people-filter-draws = Empates
people-filter-losses = Derrotas
people-side-south = Sul
people-side-north = Norte
people-graph-empty = Ainda sem partidas a contar.
people-graph-legend = { $category }: { $count ->
    [one] { $count } partida
   *[other] { $count } partidas
}, atual { $rating }
people-graph-label = Evolução da pontuação: { $series }
people-graph-series = { $category } de { $from } para { $to }
people-puzzles-rated = Pontuação em problemas: { $rating }. Resolvidos: { $solved }, falhados: { $failed }.
people-puzzles = Resolvidos: { $solved }, falhados: { $failed }.
people-puzzle-solved = Resolvido
people-puzzle-failed = Falhado
people-account-closed = (conta encerrada)
people-since = Joga desde { $date }.
people-record = { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
}: { $wins ->
    [one] { $wins } ganha
   *[other] { $wins } ganhas
}, { $draws ->
    [one] { $draws } empatada
   *[other] { $draws } empatadas
}, { $losses ->
    [one] { $losses } perdida
   *[other] { $losses } perdidas
}.
people-lessons = Lições concluídas: { $count } ({ $list }).
people-lessons-none = Ainda nenhuma lição concluída.
people-replay = Rever
people-replay-label = Rever e analisar a partida de { $date }
people-rated = a contar
people-casual = amigável
people-games-none = Ainda sem partidas.
people-games-no-more = Não há mais partidas.
people-page = Página { $page }
people-t-page = Página { $page } de { $pages }
people-leaderboard-title = Classificação · Oware
people-board-empty = Ainda não há jogadores com pontuação estabelecida.
people-col-player = Jogador
people-col-rating = Pontuação
people-col-games = Partidas
people-reset-title = Nova palavra-passe · Oware
people-reset-no-token = Esta ligação não tem token: peça uma nova ao administrador.
people-reset-differ = As duas palavras-passe não são iguais.
people-nothing-here = Aqui não há nada. O jogo está na página inicial.

## Torneios (tournament.js)

people-t-arena = Arena, { $minutes ->
    [one] { $minutes } minuto
   *[other] { $minutes } minutos
}
people-t-swiss = Suíço, { $rounds ->
    [one] { $rounds } ronda
   *[other] { $rounds } rondas
}
people-t-info = { $kind } · { $clock } · a contar · { $players ->
    [one] { $players } jogador
   *[other] { $players } jogadores
}
people-t-info-max = { $kind } · { $clock } · a contar · { $players ->
    [one] { $players } jogador
   *[other] { $players } jogadores
} (máximo { $max })
people-t-none = Nenhum.
people-t-doc-title = { $name } · Torneios de ouril
people-t-starts = Começa a { $date }
people-t-running-since = A decorrer desde { $date }
people-t-finished = Terminado; começou a { $date }
people-t-ends = termina a { $date }
people-t-round-of = ronda { $round } de { $rounds }
people-t-bye = folga: { $name }
people-t-byes = Folgas (um ponto sem jogar): { $list }
people-t-bye-round = ronda { $round }: { $name }
people-t-join = Participar
people-t-come-back = Voltar
people-t-pause = Pausa
people-t-withdraw = Desistir
people-t-podium = Pódio: { $list }
people-t-games-points = Partidas (pontos de cada)
people-t-tiebreaks = Buchholz · SB
people-t-on-fire = em chamas
people-t-on-fire-next = em chamas: a próxima vitória conta a dobrar
people-t-doubled = em chamas: pontos a dobrar
people-t-state = ({ $state ->
    [paused] em pausa
    [withdrawn] desistiu
   *[other] { $state }
})
people-t-aborted = anulada
people-t-playing = a decorrer
people-t-watch = ver
people-t-nothing = Aqui não há nada.
