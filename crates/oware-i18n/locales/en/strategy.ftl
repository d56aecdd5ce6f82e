# The Tips page (static/strategy.html), translated whole. Messages ending in -html may hold
# <em>, <strong> and <a href="…"> (the catalogue test checks that they hold nothing else).

tips-title = Oware strategy tips
tips-heading = Strategy tips
tips-intro = Oware rewards counting. These habits will beat the Easy computer quickly and give Medium a real fight.
tips-1-title = 1. Look for pits with 1 or 2 seeds on the other side
tips-1-html = Captures happen when your last seed turns a pit of 1 or 2 into 2 or 3. Before every move, note which of your opponent's pits hold 1 or 2 seeds, and count whether one of your pits ends exactly there. A pit with <em>n</em> seeds ends <em>n</em> pits further on (one more for each full lap of 11 once you have 12 or more).
tips-2-title = 2. Protect your own weak pits
tips-2 = Your pits with 1 or 2 seeds are your opponent's targets. Either fill them (sow into them from a pit to their left) or make sure no enemy pit ends on them. Several weak pits next to each other invite a capture chain.
tips-3-title = 3. Keep a big pit in reserve
tips-3-html = A pit that slowly fills up to 12 seeds or more (players call it a <em>kroo</em>) goes all the way round and can end on the opponent's row after dropping an extra seed in each of their pits, turning many 1s and 2s into 2s and 3s at once. Building one while your opponent runs out of safe moves is the most powerful plan in the game.
tips-4-title = 4. Count tempo: who runs out of moves first?
tips-4 = Small pits on the right of your row (E, F) move seeds to your opponent quickly. Pits on your left (A, B) keep seeds at home longer. Near the end, having more spare moves than your opponent forces them to play into your captures.
tips-5-title = 5. Do not starve yourself
tips-5 = If your row empties, your opponent must feed you, but they choose how. Keep a few seeds at home and avoid positions where you have one move only.
tips-6-title = 6. In the endgame, count the seeds that remain
tips-6 = Once one player has 20 or more, every seed matters. Count how many seeds each side needs, and remember that when a player cannot move, each side keeps its own row: sometimes keeping seeds at home is worth more than a capture.
tips-tools-html = <strong>Use the tools:</strong> the <em>Hint</em> button asks the engine for a move; the <em>Analysis</em> panel shows its best line and score as it thinks (a score of +2.00 means about two seeds ahead for the player to move). With the endgame databases installed, each pit shows exactly how many of the remaining seeds it wins with perfect play.
doc-back = Back to the game
