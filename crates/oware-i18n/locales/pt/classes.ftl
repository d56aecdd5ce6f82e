# As páginas das turmas e das fichas (static/class.html, worksheet.html) e o cabeçalho do CSV de
# progresso (classes/mod.rs). Português europeu; ao professor trata-se de forma neutra, ao aluno
# por tu.

classes-title = Turmas · Oware
classes-description = Dar aulas de oware: acessos dos alunos sem e-mail, lições e problemas para fazer, o progresso de cada um.
classes-heading = Turmas
classes-log-in-first = Inicie sessão (em cima, à direita) para gerir uma turma. Se és aluno, entra com o acesso que o teu professor te deu.
classes-yours = As suas turmas
classes-none = Ainda não há turmas.
classes-new-name = Nome da nova turma
classes-create = Criar a turma
classes-worksheets-link = Fichas para imprimir, para uma turma sem computadores
classes-back = Todas as turmas
classes-add-label = Alunos a acrescentar, um nome por linha
classes-add = Acrescentar os alunos
classes-add-note = Cada aluno recebe um nome de utilizador e uma palavra-passe, sem e-mail. A palavra-passe só é mostrada agora: imprima a folha.
classes-sheet-heading = Acessos
classes-print = Imprimir os acessos
classes-assign-heading = Dar trabalho
classes-assign-kind = Tipo
classes-assign-what = O quê
classes-assign-due = Até
classes-assign = Dar o trabalho
classes-progress-heading = Progresso
classes-progress-table = O progresso de cada aluno
classes-csv = Descarregar em CSV (folha de cálculo)
classes-arena = Abrir uma arena da turma
classes-delete = Apagar a turma
classes-pupil-heading = A tua turma
classes-pupil-work = O teu trabalho
classes-safe-note = Com a tua conta só jogas e conversas com a tua turma e com o computador.

classes-ws-title = Fichas · Oware
classes-ws-description = Fichas de oware para imprimir: exercícios de contagem e problemas por nível e tema, com as soluções numa página à parte.
classes-ws-heading = Fichas
classes-ws-level = Nível de contagem
classes-ws-theme = Tema dos problemas
classes-ws-theme-any = Qualquer tema
classes-ws-sheet = Número da ficha
classes-ws-make = Fazer a ficha
classes-ws-print = Imprimir
classes-ws-counting = Contagem
classes-ws-counting-task = Semeia a casa marcada. Onde cai a última semente, e com quantas sementes fica essa casa?
classes-ws-puzzles = Problemas
classes-ws-answers = Soluções
classes-ws-name = Nome:

classes-csv-pupil = Aluno
classes-csv-username = Nome de utilizador
classes-csv-kind = Tipo
classes-csv-target = Trabalho
classes-csv-due = Até
classes-csv-done = Feito
classes-csv-score = Pontos
classes-csv-of = De
classes-csv-tried = Problemas tentados
classes-csv-last = Última atividade (UTC)
classes-csv-minutes = Tempo gasto (minutos)
