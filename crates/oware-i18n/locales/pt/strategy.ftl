# A página Dicas (static/strategy.html), traduzida por inteiro.

tips-title = Dicas de estratégia para o ouril
tips-heading = Dicas de estratégia
tips-intro = O ouril recompensa quem conta. Com estes hábitos depressa vencerá o computador no nível Fácil e dará luta a sério ao Médio.
tips-1-title = 1. Procure casas do adversário com 1 ou 2 sementes
tips-1-html = Captura-se quando a última semente faz de uma casa com 1 ou 2 sementes uma casa com 2 ou 3. Antes de cada jogada, veja que casas do adversário têm 1 ou 2 sementes e conte se alguma das suas casas acaba exatamente aí. Uma casa com <em>n</em> sementes acaba <em>n</em> casas à frente (mais uma por cada volta completa de 11, quando tiver 12 ou mais).
tips-2-title = 2. Proteja as suas casas fracas
tips-2 = As suas casas com 1 ou 2 sementes são os alvos do adversário. Encha-as (semeando a partir de uma casa à esquerda delas) ou garanta que nenhuma casa do adversário acaba nelas. Várias casas fracas lado a lado convidam a uma captura em cadeia.
tips-3-title = 3. Guarde uma casa grande de reserva
tips-3-html = Uma casa que se vai enchendo até 12 sementes ou mais (os jogadores chamam-lhe <em>kroo</em>) dá a volta completa e pode acabar na fila do adversário depois de deixar uma semente a mais em cada uma das casas dele, transformando de uma vez muitos 1 e 2 em 2 e 3. Construí-la enquanto o adversário fica sem jogadas seguras é o plano mais forte do jogo.
tips-4-title = 4. Conte os tempos: quem fica primeiro sem jogadas?
tips-4 = As casas pequenas à direita da sua fila (E, F) passam depressa sementes ao adversário. As da esquerda (A, B) guardam-nas mais tempo do seu lado. Perto do fim, ter mais jogadas de espera do que o adversário obriga-o a jogar para as suas capturas.
tips-5-title = 5. Não se deixe passar fome
tips-5 = Se a sua fila ficar vazia, o adversário tem de lhe dar sementes, mas é ele quem escolhe como. Guarde algumas sementes do seu lado e evite posições em que só tem uma jogada.
tips-6-title = 6. No final, conte as sementes que restam
tips-6 = Quando um jogador chega às 20 ou mais, cada semente conta. Conte quantas sementes faltam a cada lado e lembre-se de que, quando um jogador não pode jogar, cada um fica com a sua fila: às vezes guardar sementes em casa vale mais do que uma captura.
tips-tools-html = <strong>Use as ferramentas:</strong> o botão <em>Dica</em> pede uma jogada ao motor; o painel <em>Análise</em> mostra a melhor sequência e a avaliação enquanto pensa (+2.00 quer dizer cerca de duas sementes de vantagem para quem joga). Com as bases de finais instaladas, cada casa mostra exatamente quantas das sementes restantes ganha com jogo perfeito.
doc-back = Voltar ao jogo
