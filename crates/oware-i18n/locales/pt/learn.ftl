# As lições e os problemas: os modelos learn.html e training.html, o texto das lições
# (crates/oware-lessons) e `oware learn`. As mensagens dos scripts estão em scripts-learn.ftl.

## A página dos problemas (static/training.html).

learn-puzzles-title = Problemas de ouril
learn-puzzles-description = Problemas de ouril: encontra a única jogada boa, com classificação como num jogo; o problema do dia e um modo sequência.
learn-puzzles-skip = Saltar para o tabuleiro
learn-puzzles-heading = Problemas
learn-puzzles-rating-none = Classificação nos problemas: –
learn-puzzles-theme = Tema
learn-puzzles-theme-any = Todos
learn-puzzles-streak-mode = Modo sequência
learn-puzzles-loading = A carregar…
learn-puzzles-board = Tabuleiro do problema
learn-puzzles-store = Depósito
learn-puzzles-their-pits = Casas do adversário
learn-puzzles-your-pits = As tuas casas: teclas 1 a 6
learn-puzzles-step-back = Recuar na solução
learn-puzzles-step-forward = Avançar na solução
learn-puzzles-vote-up = Votar a favor do problema
learn-puzzles-vote-down = Votar contra o problema
learn-puzzles-next = Problema seguinte

## A página das lições (static/learn.html).

learn-page-title = Aprender ouril
learn-page-description = Aprende a jogar ouril: lições curtas no tabuleiro, da primeira sementeira ao fim de um jogo, e um treino de contagem.
learn-page-heading = Aprende a jogar ouril
learn-page-intro = Lições curtas no tabuleiro a sério. Cada passo tem um objetivo: joga uma casa e vê o que acontece. Sem pressa: podes tentar outra vez as vezes que quiseres.
learn-count-heading = Treino de contagem
learn-count-intro = Onde cai a última semente, e quantas sementes vão lá ficar? Treina a contagem, com ou sem relógio.
learn-count-start = Começar a contar
learn-goal = Objetivo:
learn-board = Tabuleiro
learn-north-row = Fila do Norte
learn-your-row = A tua fila
learn-keys = Teclas:
learn-keys-play = jogar as tuas casas A a F
learn-keys-hint = dica
learn-keys-retry = tentar outra vez
learn-hint-button = Dica
learn-agree-button = Combinar parar
learn-retry-button = Tentar outra vez
learn-more = Saber mais
learn-count-timed = Com relógio (20 segundos por pergunta)
learn-count-landing = A última semente cai em
learn-count-seeds = Sementes nessa casa
learn-count-check = Verificar
learn-count-score = Pontos:
learn-count-level = Nível
learn-count-next = Pergunta seguinte

## As explicações de cada jogada nas lições (crates/oware-lessons, src/check.rs), dadas por
## /api/learn/{lesson}/{step}/move e `oware learn`. «Norte» é o adversário de quem aprende.

learn-list = { $first } e { $last }
learn-you-sowed = { $count ->
    [one] Semeaste { $count } semente de { $from }, que caiu em { $pits }.
   *[other] Semeaste { $count } sementes de { $from }: uma em cada casa, { $pits }.
}
learn-north-sowed = { $count ->
    [one] O Norte semeou { $count } semente de { $from }, que caiu em { $pits }.
   *[other] O Norte semeou { $count } sementes de { $from }: uma em cada casa, { $pits }.
}
learn-you-sowed-round = Semeaste { $count } sementes de { $from }, uma em cada casa, de { $first } à volta até { $last }.
learn-north-sowed-round = O Norte semeou { $count } sementes de { $from }, uma em cada casa, de { $first } à volta até { $last }.
learn-skipped = Com 12 sementes ou mais, a sementeira saltou { $from }, a casa de onde vieram as sementes.
learn-last-your-side = A última semente caiu em { $pit }, do teu lado: essa casa tem agora { $count }.
learn-last-north-side = A última semente caiu em { $pit }, do lado do Norte: essa casa tem agora { $count }.
learn-grand-slam = Isto levaria todas as sementes do outro lado: é um grand slam. É permitido, mas não captura nada.
learn-you-captured = Capturaste { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
} de { $pits }.
learn-north-captured = O Norte capturou { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
} de { $pits }.
learn-no-capture = { $count } não é 2 nem 3, por isso não se captura nada.
learn-you-fed = O Norte não tinha sementes, e esta jogada deu-lhe algumas.
learn-north-fed = Não tinhas sementes, e esta jogada deu-te algumas.
learn-end-capture = Um jogador tem 25 sementes ou mais: o jogo acabou.
learn-end-draw = Os dois jogadores têm 24 sementes: o jogo acabou.
learn-end-no-feed = O jogador que tem a vez não pode dar sementes ao outro lado: o jogo acabou, e cada jogador fica com as sementes da sua fila.
learn-end-cycle = As sementes andavam à roda e os jogadores combinaram parar: cada jogador fica com as sementes da sua fila.
learn-end-you-win = Resultado final: { $you } a { $north }. Ganhaste!
learn-end-north-wins = Resultado final: { $you } a { $north }. O Norte ganha.
learn-end-drawn = Resultado final: { $you } a { $north }. Empate.
learn-illegal-empty = A casa { $pit } está vazia: não há nada para semear. Escolhe uma casa com sementes.
learn-illegal-must-feed = O Norte não tem sementes, por isso tens de lhe dar algumas: as de { $pit } não chegam lá. Escolhe outra casa.
learn-illegal-over = O jogo já acabou.
learn-illegal-other = A casa { $pit } não pode ser jogada aqui.
learn-miss-land-in = A tua última semente tem de cair em { $pit }; caiu em { $landed }.
learn-miss-capture = O objetivo é capturar { $goal } sementes ou mais numa jogada; esta jogada capturou { $count }.
learn-miss-grand-slam = Esta jogada não chega a todas as sementes do Norte.
learn-miss-feed = O Norte continua sem sementes.
learn-miss-not-over = O jogo ainda não acabou.
learn-miss-win = O jogo acabou, mas não o ganhaste.
learn-miss-draw = O jogo acabou, mas não ficou 24 a 24.
learn-miss-agree-share = Parar agora não te daria a tua parte.
learn-miss-agree-instead = As sementes só andam à roda. Aqui o objetivo é combinar com o Norte parar o jogo.
learn-miss-pit-holds = A tua casa com mais sementes tem { $count }; o objetivo é uma casa com { $goal } ou mais.
learn-miss-safe = Agora o Norte pode capturar: { $threats }.
learn-threat = { $pit } levaria { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
}
learn-north-replied = { $captured ->
    [0] O Norte respondeu com { $pit }. É a tua vez.
   *[other] O Norte respondeu com { $pit } e capturou { $captured } sementes. É a tua vez.
}
learn-your-move = É a tua vez.
learn-miss-moves-left = Agora { $count ->
    [0] nenhuma das tuas casas tem sementes
    [one] só { $count } das tuas casas tem sementes
   *[other] só { $count } das tuas casas têm sementes
}; o objetivo é manter { $goal }.
learn-miss-side-not-empty = Ainda tens { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
} do teu lado.
learn-miss-cannot-feed = O Norte não te pode dar sementes, por isso o jogo acaba.
learn-miss-not-agree = Este passo é para jogar uma casa, não para combinar parar.
learn-agreed = Tu e o Norte combinaram parar o jogo.
learn-cannot-agree = Aqui não podes combinar parar.
learn-try-again = Tenta outra vez.

## A resposta do treino de contagem (/api/learn/count).

learn-count-explained = { $pit } tem { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
}: a última cai em { $landing }, que fica então com { $seeds }.
learn-count-skipped = (A própria casa { $pit } é saltada.)

## `oware learn`, as lições no terminal (crates/oware-cli/src/cmd/learn.rs).

learn-cli-cannot-read = (não é possível ler o progresso em { $path }: começa-se de novo)
learn-cli-cannot-keep = (não é possível guardar o progresso em { $path }: { $error })
learn-cli-line-too-long = Essa linha é demasiado comprida.
learn-cli-list = Lições (as tuas estrelas, até 3 por passo):
learn-cli-done = feita
learn-cli-stars = { $count }/{ $total } estrelas
learn-cli-step = == { $lesson } - passo { $step } de { $steps }: { $title }
learn-cli-goal = Objetivo: { $task }
learn-cli-word-hint = dica
learn-cli-word-agree = parar
learn-cli-word-quit = sair
learn-cli-move = A tua jogada (A-F ou 1-6, { $hint }, { $agree }, { $quit }):{" "}
learn-cli-bad-move = «{ $move }» não é uma jogada: escreve uma casa de A a F (ou de 1 a 6), { $hint }, { $agree } ou { $quit }.
learn-cli-hint = Dica: { $hint }
learn-cli-step-done = Passo feito: { $stars }
learn-cli-again = (O passo recomeça.)
learn-cli-lesson = Lição { $number }: { $title }
learn-cli-complete = Lição concluída: { $title } ({ $count } de { $total } estrelas).
learn-cli-no-lesson = não há a lição { $choice }: indica um número de 1 a { $count } ou um nome (oware learn mostra-as)
learn-cli-choose = Lição (um número, ou { $quit }):{" "}
learn-cli-type-number = Escreve um número de lição de 1 a { $count }.
learn-cli-bye = Até à próxima! As tuas estrelas ficam guardadas.
