# The FAQ page (static/faq.html), translated whole. -html messages may hold <em>, <strong>, <code>.

faq-title = Oware FAQ
faq-heading = Questions and answers
faq-1-q = Why can't I play that pit?
faq-1-html = Dimmed pits cannot be played right now. Tap one anyway and the page tells you why. There are three reasons: the pit is <strong>empty</strong>; your opponent has no seeds and that pit <strong>does not reach their row</strong> (you must give them seeds when you can); or, under the optional "grand slam not allowed" rule, the move would capture all of their seeds while another move exists. When the game is over no pit can be played.
faq-2-q = Why did my last seed not capture?
faq-2-html = A capture needs the last seed to land on your <em>opponent's</em> row and make that pit hold exactly 2 or 3. Under the standard abapa rules a move that would take every one of your opponent's seeds (a grand slam) captures nothing.
faq-3-q = Why did the pit I played stay empty after going round the board?
faq-3 = With 12 seeds or more you sow all the way round, and the pit you emptied is skipped each time.
faq-4-q = The game ended although seeds were left. Why?
faq-4 = Either a player cannot move (or cannot give seeds to an opponent who has none) and each side takes its own row, or the same position came back again (a cycle) and the game was stopped. The end-of-game panel tells which, and how the seeds left were shared out.
faq-5-q = How do undo and redo work against the computer?
faq-5 = Undo takes back your last move and the computer's reply, so it is your turn again. Redo plays them again. Making a different move forgets the moves you could redo.
faq-6-q = Is my game saved?
faq-6 = Yes. Every move is stored on the server before it is shown as played. Reload the page, or restart the server, and the game is where you left it. The page remembers your current game and your settings in this browser.
faq-7-q = Can I play with the keyboard only?
faq-7 = Yes. Keys 1 to 6 play your pits from left to right; U undoes, R redoes, H asks for a hint, N starts a new game, and the left and right arrows step through the game. Tab reaches every button, and screen readers announce every move and capture.
faq-8-q = How do I continue a game from another program?
faq-8-html = Use <em>Import OGN…</em> and paste the record: tags such as <code>[FEN "…"]</code> for a custom start, then the moves. The game continues from its last move against the opponent you choose.
faq-9-q = What do the scores in the analysis mean?
faq-9 = They are the engine's estimate, in seeds, for the player to move: +1.50 is about one and a half seeds ahead. "win in 7" means a forced win within 7 moves; "proven win" comes from the endgame databases.
faq-10-q = Which rules does this use?
faq-10 = Abapa, the tournament rules, by default. The new-game dialog lets you pick the common variations; the default of each is marked.
doc-strategy-link = Strategy tips
