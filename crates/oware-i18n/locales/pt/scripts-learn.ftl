# As mensagens dos scripts das lições e dos problemas (static/js/learn.js, counting.js,
# learncard.js, training.js), servidas em JSON em /i18n/{lang}.

## Palavras que a página das lições e o seu script partilham.

learn-continue = Continuar onde parou
learn-back = Voltar às lições
learn-next-step = Passo seguinte

## As lições (learn.js).

learn-saved-account = As tuas estrelas ficam guardadas na tua conta.
learn-saved-browser = As tuas estrelas ficam guardadas neste navegador ({ $error })
learn-list-stars = { $count ->
    [one] { $count } de { $total } estrelas
   *[other] { $count } de { $total } estrelas
}
learn-list-done = Feita · { $count ->
    [one] { $count } de { $total } estrelas
   *[other] { $count } de { $total } estrelas
}
learn-store-north = Depósito do Norte: { $count }
learn-store-south = O teu depósito: { $count }
learn-step-title = Passo { $step } de { $steps }: { $title }
learn-step-again = O passo recomeça. { $task }
learn-step-done = Passo feito: { $count ->
    [one] { $count } de 3 estrelas
   *[other] { $count } de 3 estrelas
} { $stars }.
learn-next-lesson = Lição seguinte
learn-hint-said = Dica: { $hint }
learn-tap-done = Este passo está feito: carrega em «{ $next }».

## As casas do tabuleiro e o treino de contagem (counting.js).

learn-pit-north = { $pit }, { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
}, casa do Norte
learn-pit-north-changed = { $pit }, { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
}, casa do Norte, acabou de mudar
learn-pit-yours = { $pit }, { $seeds } { $count ->
    [one] semente
   *[other] sementes
}, a tua casa
learn-pit-yours-changed = { $pit }, { $seeds } { $count ->
    [one] semente
   *[other] sementes
}, a tua casa, acabou de mudar
learn-count-question = Semeia-se a casa { $pit } da tua fila. Onde cai a última semente, e quantas sementes vão lá ficar?
learn-count-has = A casa { $pit } tem { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
}.
learn-count-left = faltam { $count } s
learn-count-late = Acabou o tempo.
learn-count-right = Certo!
learn-count-wrong = Não é bem isso.
learn-count-cannot-check = Não foi possível verificar esta pergunta. Aqui tens uma nova.
learn-count-your-pit = A tua casa { $pit }
learn-count-north-pit = Casa { $pit } do Norte

## Os problemas (training.js).

learn-tr-heading = Problemas
learn-tr-streak-title = Sequência de problemas
learn-tr-daily = Problema do dia, { $date }
learn-tr-streak = Sequência: { $count } (recorde { $best })
learn-tr-rating = Classificação nos problemas: { $rating }
learn-tr-rating-guest = Classificação nos problemas: { $rating } (guardada neste navegador)
learn-tr-your-pit = { $pit }, { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
}, a tua casa (tecla { $key })
learn-tr-their-pit = { $pit }, { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
}, casa do adversário
learn-tr-their-store = Depósito do adversário, { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
}
learn-tr-your-store = O teu depósito, { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
}
learn-tr-not-now = A casa { $pit } não pode ser jogada agora.
learn-tr-not-yours = A casa { $pit } não pode ser jogada agora: é do adversário.
learn-tr-right = Certo: { $move }. O adversário responde { $reply }. É a tua vez.
learn-tr-solved = Resolvido!
learn-tr-failed = Não é { $move }: a jogada certa era { $expected }.
learn-tr-rating-change = Classificação { $diff }.
learn-tr-not-rated = (Já jogado: não conta para a classificação.)
learn-tr-unrated-not-served = (Não conta: este problema não foi aberto aqui. Carrega-o de novo para o jogares a contar.)
learn-tr-unrated-too-fast = (Não conta: jogado mais depressa do que uma pessoa consegue.)
learn-tr-unrated-too-many = (Não conta: já chega de problemas a contar neste minuto.)
learn-tr-unrated-offline = (Não conta: jogado sem ligação. A tua conta recebe-o quando a rede voltar.)
learn-tr-explain-takes = { $move } captura { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
} de imediato.
learn-tr-explain-quiet = { $move } não captura nada de imediato.
learn-tr-explain-line = A linha inteira ganha { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
} mais do que o adversário.
learn-tr-explain-refute = Depois de { $move }, o adversário joga { $reply } e captura { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
}.
learn-tr-streak-now = Sequência: { $count }.
learn-tr-streak-ends = A sequência acaba em { $count }.
learn-tr-step-through = Percorre a solução com ◀ ▶.
learn-tr-start = Início (solução { $line })
learn-tr-move-of = Jogada { $n } de { $total }: { $move }
learn-tr-info = Problema { $id } · classificação { $rating } · { $count ->
    [one] { $count } jogada a encontrar
   *[other] { $count } jogadas a encontrar
}
learn-tr-you-play-south = Jogas com o Sul (a fila de baixo). Encontra a melhor jogada: toca numa casa ou carrega em 1–6.
learn-tr-you-play-north = Jogas com o Norte (a fila de baixo). Encontra a melhor jogada: toca numa casa ou carrega em 1–6.
learn-tr-voted-up = Obrigado: votaste a favor.
learn-tr-voted-down = Obrigado: votaste contra.
learn-tr-login-to-vote = Entra na tua conta para votar.

## Os temas dos problemas, pelo código que o servidor envia (docs/puzzles.md).

learn-theme-capture-chain = captura em cadeia
learn-theme-grand-slam = grand slam
learn-theme-feeding-forced = alimentar obrigatório
learn-theme-big-pit = casa grande
learn-theme-endgame-exact = final exato
learn-theme-defend = defesa
learn-theme-cycle = ciclo
