# A revisão do jogo e o painel Análise (static/js/review.js, static/js/analysis.js), e as
# explicações da revisão, que o servidor envia como código e factos (docs/review.md): a
# página redige-as aqui. As letras das casas e das jogadas, os símbolos (?!, ?, ??) e as
# avaliações (+1.50) são notação. $name é o nome de um jogador ou um lado (Sul, Norte).

## O painel da revisão
review-running = A rever o jogo…
review-running-spoken = A rever o jogo.
review-failed = A revisão falhou: { $error }
review-engine-failed = O computador desta página não conseguiu calcular ({ $error }). Recarregue a página para tentar de novo.
review-ready = Revisão pronta. Precisão: { $south } { $southAccuracy } %, { $north } { $northAccuracy } %. Escolha uma jogada na lista ou no gráfico.
review-progress = A rever: { $done } de { $total ->
    [one] { $total } jogada
   *[other] { $total } jogadas
}
review-outdated = O jogo mudou desde esta revisão: reveja-o de novo para ver todas as jogadas.
review-hint = Escolha uma jogada na lista ou no gráfico (← → para passar de jogada em jogada).
review-graph-label = Gráfico de avaliação: a vantagem de { $south } em sementes depois de cada jogada, acima da linha do meio; a de { $north }, abaixo. Clique para ver uma jogada.
review-col-player = Jogador
review-col-accuracy = Precisão
review-col-best = Melhor
review-col-good = Boa
review-accuracy = { $accuracy } %
review-move = Jogada { $number }: { $name } jogou { $move }{ $symbol }.
review-class-best = Melhor jogada
review-class-good = Boa jogada
review-class-inaccuracy = Imprecisão
review-class-mistake = Erro
review-class-blunder = Erro grave
review-lost = Sementes perdidas: { $seeds }.
review-values-best = { $move } { $value }.
review-values-only = { $move } { $value } (a única boa jogada).
review-values = { $move } { $value }; a melhor era { $best } { $bestValue }.

## Valores (da revisão e do motor)
review-value-exact = { $margin } exato
review-value-win = vitória
review-value-loss = derrota
review-value-win-in = vitória em { $plies }
review-value-loss-in = derrota em { $plies }
review-value-proven-win = vitória provada
review-value-proven-loss = derrota provada

## As frases das explicações, uma por código. $side e $opponent são S ou N; $pits, $moves e
## $left são listas já juntadas pela página; $value e $after são valores.
review-left-first = { $pit } com { $seeds ->
    [one] { $seeds } semente
   *[other] { $seeds } sementes
}
review-left-more = { $pit } com { $seeds }
review-note-missed-win = { $side ->
    [N] O Norte
   *[S] O Sul
} tinha uma vitória provada ({ $value } com { $best }) e deixou-a escapar: depois de { $move }, { $result ->
    [draw] é empate
    [loss] é derrota
   *[win] é vitória
}.
review-note-missed-win-eval = { $side ->
    [N] O Norte
   *[S] O Sul
} tinha uma vitória provada ({ $value } com { $best }) e deixou-a escapar: depois de { $move }, só { $after }.
review-note-best-captures = A melhor era { $move }: { $move } captura { $pits }, { $seeds ->
    [one] { $seeds } semente
   *[other] { $seeds } sementes
}.
review-note-best-captures-kroo = A melhor era { $move }: { $move }, um kroo de { $sown } sementes, captura { $pits }, { $seeds ->
    [one] { $seeds } semente
   *[other] { $seeds } sementes
}.
review-note-best-line = A melhor era { $move } ({ $value }), linha { $line }.
review-note-allowed-next = { $move } deixou { $left }: { $side ->
    [N] o Norte
   *[S] o Sul
} capturou { $seeds } com { $reply } na jogada seguinte.
review-note-allowed-can = { $move } deixou { $left }: { $side ->
    [N] o Norte
   *[S] o Sul
} pode capturar { $seeds } com { $reply }.
review-note-kroo-sown = { $move } semeou um kroo de { $sown } sementes à volta de todo o tabuleiro.
review-note-kroo-sown-capture = { $move } semeou um kroo de { $sown } sementes à volta de todo o tabuleiro e capturou { $seeds ->
    [one] { $seeds } semente
   *[other] { $seeds } sementes
}.
review-note-kroo-built = { $move } formou um kroo: { $pit } tem { $seeds } sementes, o bastante para dar a volta ao tabuleiro.
review-note-kroo-missed-sown = Oportunidade perdida: { $move } semearia um kroo de { $sown } sementes à volta de todo o tabuleiro.
review-note-kroo-missed-sown-capture = Oportunidade perdida: { $move } semearia um kroo de { $sown } sementes à volta de todo o tabuleiro e capturaria { $seeds ->
    [one] { $seeds } semente
   *[other] { $seeds } sementes
}.
review-note-kroo-missed-built = Oportunidade perdida: { $move } formaria um kroo ({ $pit } com { $seeds } sementes, o bastante para dar a volta ao tabuleiro).
review-note-forced-feed = A fila { $opponent ->
    [N] do Norte
   *[S] do Sul
} estava vazia: { $side ->
    [N] o Norte
   *[S] o Sul
} tinha de lhe dar sementes, e só { $moves } { $count ->
    [one] lá chegava
   *[other] lá chegavam
}.
review-note-only-legal = { $move } era a única jogada permitida.
review-note-only-move = { $move } era a única jogada: qualquer outra custa pelo menos { $seeds } sementes.

## O painel Análise e a dica
review-hint-looking = À procura de uma boa jogada…
review-hint-found = Dica: experimente { $move } ({ $score } para si).
review-analysis-over = O jogo acabou.
review-analysis-players = Sem análise para os jogadores enquanto o jogo decorre.
review-analysis-start = Analisar
review-analysis-stop = Parar
review-analysis-score-title = para { $name }, que tem a vez
review-analysis-line = { $line }  (vez de { $name })
review-analysis-depth-done = { $depth } (concluída)
review-egdb-you = { $move }: ganha { $seeds } { $total ->
    [one] da { $total } semente
   *[other] das { $total } sementes
}
review-egdb-you-range = { $move }: ganha de { $low } a { $high } { $total ->
    [one] da { $total } semente
   *[other] das { $total } sementes
}
review-egdb = { $move }: { $name } ganha { $seeds } { $total ->
    [one] da { $total } semente
   *[other] das { $total } sementes
}
review-egdb-range = { $move }: { $name } ganha de { $low } a { $high } { $total ->
    [one] da { $total } semente
   *[other] das { $total } sementes
}
review-egdb-building = bases de finais: em construção (até { $target } sementes)
review-egdb-building-ready = bases de finais: em construção (até { $target } sementes; de 0 a { $ready } sementes prontas)
