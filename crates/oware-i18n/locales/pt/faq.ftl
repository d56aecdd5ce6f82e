# A página de perguntas (static/faq.html), traduzida por inteiro.

faq-title = Ouril: perguntas frequentes
faq-heading = Perguntas e respostas
faq-1-q = Porque é que não posso jogar aquela casa?
faq-1-html = As casas esbatidas não podem ser jogadas agora. Toque numa mesmo assim e a página diz-lhe porquê. Há três razões: a casa está <strong>vazia</strong>; o adversário não tem sementes e essa casa <strong>não chega à fila dele</strong> (tem de lhe dar sementes quando puder); ou, com a regra opcional «grand slam proibido», a jogada capturaria todas as sementes dele quando existe outra jogada. Quando o jogo acaba, nenhuma casa pode ser jogada.
faq-2-q = Porque é que a minha última semente não capturou?
faq-2-html = Para capturar, a última semente tem de cair na fila do <em>adversário</em> e deixar nessa casa exatamente 2 ou 3. Nas regras abapa habituais, uma jogada que levaria todas as sementes do adversário (um grand slam) não captura nada.
faq-3-q = Porque é que a casa jogada ficou vazia depois de dar a volta ao tabuleiro?
faq-3 = Com 12 sementes ou mais semeia-se a volta inteira, e a casa esvaziada é saltada de cada vez.
faq-4-q = O jogo acabou embora ainda houvesse sementes. Porquê?
faq-4 = Ou um jogador não pode jogar (ou não pode dar sementes a um adversário que não tem nenhuma) e cada lado fica com a sua fila, ou a mesma posição voltou (um ciclo) e o jogo foi parado. O painel de fim de jogo diz qual, e como foram repartidas as sementes restantes.
faq-5-q = Como funcionam anular e refazer contra o computador?
faq-5 = Anular desfaz a sua última jogada e a resposta do computador, e volta a ser a sua vez. Refazer joga-as de novo. Fazer outra jogada esquece as jogadas que podia refazer.
faq-6-q = O meu jogo fica guardado?
faq-6 = Sim. Cada jogada é guardada no servidor antes de aparecer como jogada. Recarregue a página ou reinicie o servidor: o jogo está onde o deixou. A página lembra-se do jogo em curso e das suas definições neste navegador.
faq-7-q = Posso jogar só com o teclado?
faq-7 = Sim. As teclas 1 a 6 jogam as suas casas da esquerda para a direita; U anula, R refaz, H pede uma dica, N começa um jogo novo, e as setas para a esquerda e para a direita percorrem o jogo. Tab chega a todos os botões, e os leitores de ecrã anunciam cada jogada e cada captura.
faq-8-q = Como continuo um jogo vindo de outro programa?
faq-8-html = Use <em>Importar OGN…</em> e cole o registo: etiquetas como <code>[FEN "…"]</code> para um início personalizado, depois as jogadas. O jogo continua a partir da última jogada contra o adversário que escolher.
faq-9-q = O que querem dizer as avaliações da análise?
faq-9 = São a estimativa do motor, em sementes, para quem tem a vez: +1.50 é cerca de semente e meia de vantagem. «vitória em 7» quer dizer uma vitória forçada em 7 jogadas no máximo; «vitória provada» vem das bases de finais.
faq-10-q = Que regras são usadas?
faq-10 = Por omissão, o abapa, a regra dos torneios. A janela de jogo novo permite escolher as variantes habituais; a predefinição de cada uma está assinalada.
doc-strategy-link = Dicas de estratégia
