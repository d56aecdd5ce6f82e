# A página Regras (static/rules.html), traduzida por inteiro. As letras das casas (A–F, a–f),
# as jogadas (C, F+2) e as posições (4-4-4-…-S) são notação: mantêm-se.

rules-title = Regras do ouril
rules-heading = Como se joga o ouril
rules-intro-html = O ouril, a que também se chama oware ou awalé, é um jogo para dois jogadores da família do mancala, jogado por toda a África Ocidental, em Cabo Verde e nas Caraíbas. Não depende da sorte: só de contar e de prever. Esta página explica as regras <strong>abapa</strong>, as dos torneios, que aqui se usam por omissão.

rules-board-title = O tabuleiro
rules-board-1 = O tabuleiro tem duas filas de seis casas com quatro sementes cada uma, 48 sementes ao todo. A fila de baixo é a sua, a de cima pertence ao adversário. As sementes capturadas guardam-se nos depósitos, as casas compridas das pontas: o seu é o da direita.
rules-board-2-html = As casas têm letras: o Sul (quem começa) tem as casas <code>A</code> a <code>F</code>, da esquerda para a direita; o Norte tem as casas <code>a</code> a <code>f</code> a partir da sua própria esquerda, ou seja, do canto de cima à direita quando olha para o tabuleiro.

rules-sowing-title = Semear
rules-sowing-1-html = Escolha uma das suas casas que tenha sementes. Toque nela ou carregue numa das teclas de 1 a 6 (as suas casas da esquerda para a direita). Tira todas as sementes dessa casa e deixa-as, uma a uma, nas casas seguintes, no <strong>sentido contrário ao dos ponteiros do relógio</strong>: para a direita ao longo da sua fila, depois para a esquerda ao longo da fila do adversário, e assim por diante.
rules-sowing-before = antes: quatro sementes em cada casa
rules-sowing-after = depois de E: F, a, b e c ficam com 5, E fica vazia
rules-sowing-caption = O Sul joga E: as suas quatro sementes vão para F, a, b e c.
rules-sowing-2-html = <strong>Doze sementes ou mais:</strong> uma casa com 12 ou mais sementes dá a volta completa ao tabuleiro. A casa que esvaziou é saltada: fica vazia e a sementeira continua na casa seguinte.

rules-capture-title = Capturar
rules-capture-1-html = Se a sua <em>última</em> semente cair numa casa da fila do adversário e a deixar com exatamente <strong>2 ou 3 sementes</strong>, captura essas sementes para o seu depósito.
rules-capture-2-html = Depois olhe para a casa anterior (andando para trás, no sentido contrário ao da sementeira): se também estiver na fila do adversário e também tiver 2 ou 3 sementes, captura-a também, e assim por diante. Esta <strong>captura em cadeia</strong> para na primeira casa que não tenha 2 ou 3 sementes, ou no fim da fila do adversário. Nunca se captura na própria fila.
rules-capture-before = antes: F tem 3; a, b e c têm 1, 2 e 1
rules-capture-after = depois de F: a, b e c capturadas, 7 sementes
rules-capture-caption = O Sul joga F, com 3 sementes: caem em a, b e c, que ficam com 2, 3 e 2. A última semente está em c (2): capturada. Andando para trás, b (3) e a (2) também são capturadas: 7 sementes para o Sul. Se as sementes tivessem ido mais longe, a cadeia teria parado em d.

rules-slam-title = O grand slam
rules-slam-html = Uma jogada que capturaria <em>todas</em> as sementes da fila do adversário chama-se grand slam. Nas regras abapa é permitida, mas não captura nada: as sementes ficam onde caíram. A janela de novo jogo oferece as outras variantes que se jogam (proibida a não ser que seja forçada, captura de todas as casas menos uma, ou captura com o resto entregue ao adversário).

rules-feed-title = Alimentar o adversário
rules-feed = Se o adversário não tiver nenhuma semente, tem de fazer uma jogada que lhe dê sementes, se existir alguma. A página escurece as casas que não pode jogar e, se tentar uma delas, diz-lhe porquê («tem de dar sementes ao Norte»). Se nenhuma jogada o puder alimentar, o jogo acaba.

rules-end-title = O fim do jogo
rules-end-25-html = <strong>25 sementes:</strong> assim que um jogador captura 25 sementes (mais de metade), ganha.
rules-end-24-html = <strong>24 cada um:</strong> se os dois jogadores capturarem 24, o jogo fica empatado.
rules-end-stuck-html = <strong>Sem jogada:</strong> quando quem tem a vez fica sem sementes, ou não pode dar sementes a um adversário que não tem nenhuma, o jogo acaba e cada jogador fica com as sementes que restam na sua própria fila.
rules-end-cycles-html = <strong>Ciclos:</strong> com poucas sementes no tabuleiro, os jogadores podem andar atrás um do outro à volta do tabuleiro sem fim. Quando a mesma posição aparece pela terceira vez (as mesmas casas, os mesmos depósitos e o mesmo jogador com a vez), o jogo acaba e cada jogador fica com as sementes da sua fila. Alguns clubes terminam-no logo à primeira repetição, ou dividem as sementes restantes em partes iguais: ambas são opções das regras.
rules-end-agreed-html = <strong>Ciclo por acordo:</strong> quando os dois jogadores veem que o jogo se tornou um ciclo sem fim, não precisam de o jogar até ao fim. Enquanto cada um tiver sementes na sua fila, qualquer um pode propor terminar o jogo; se o outro aceitar, cada jogador fica com as sementes da sua fila (o fim fica registado como <code>agreed-cycle</code>, e não como repetição). O computador responde com honestidade: só aceita quando não pode fazer melhor continuando a jogar.
rules-winner = Ganha quem tiver mais sementes no fim: as capturadas mais as que recebe no fim.

rules-notation-title = Anotar os jogos
rules-notation-html = Uma jogada é a letra da casa jogada, com <code>+N</code> quando capturou N sementes: <code>1. C b 2. F+2 a</code>. Os jogos inteiros guardam-se em registos OGN (como o PGN do xadrez), que pode descarregar, copiar e importar na página do jogo. Uma posição pode escrever-se com as 12 contagens, os dois depósitos e o lado que joga: <code>4-4-4-4-4-4-4-4-4-4-4-4-0-0-S</code>.
