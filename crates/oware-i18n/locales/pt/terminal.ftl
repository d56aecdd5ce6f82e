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
