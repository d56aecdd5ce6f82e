# As mensagens dos scripts das turmas e das fichas (static/js/class.js, worksheet.js).

classes-s-pupils = { $count ->
    [one] 1 aluno
   *[other] { $count } alunos
}
classes-s-teacher = Professor: { $name }
classes-s-card-user = Nome de utilizador
classes-s-card-password = Palavra-passe
classes-s-card-site = Entra em { $site }
classes-s-kind-lesson = Lição
classes-s-kind-counting = Contagem
classes-s-kind-puzzles = Problemas
classes-s-level = Nível { $level }
classes-s-due = até { $date }
classes-s-done = feito
classes-s-todo = por fazer
classes-s-score = { $score } de { $of }
classes-s-open = Aberta a todos
classes-s-reset = Nova palavra-passe
classes-s-remove-work = Retirar
classes-s-col-pupil = Aluno
classes-s-col-stars = Estrelas
classes-s-col-puzzles = Problemas resolvidos
classes-s-col-last = Última visita
classes-s-col-time = Tempo gasto
classes-s-minutes = { $count } min
classes-s-col-account = Conta
classes-s-never = nunca
classes-s-confirm-delete = Apagar esta turma, as contas dos alunos e o progresso deles? Não é possível desfazer.
classes-s-arena-made = A arena da turma está pronta: { $link }
classes-s-go = Começar
classes-s-no-work = Ainda não há trabalho.
classes-s-ws-pit = Semeia { $pit }
classes-s-ws-answer-count = { $number }. Casa { $pit }: a última semente cai em { $landing }, que fica com { $seeds ->
    [one] { $seeds } semente
   *[other] { $seeds } sementes
}.
classes-s-ws-south-plays = Sul joga e ganha
classes-s-ws-north-plays = Norte joga e ganha
classes-s-ws-answer-puzzle = { $number }. { $line }
classes-s-ws-stores = Depósitos: Sul { $south }, Norte { $north }
classes-s-ws-board = Tabuleiro: em cima as casas f a a do Norte, em baixo A a F do Sul
