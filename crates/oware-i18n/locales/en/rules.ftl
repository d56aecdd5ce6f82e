# The Rules page (static/rules.html), translated whole. Messages ending in -html may hold
# <em>, <strong> and <code> (the catalogue test checks that they hold nothing else). Pit
# letters (A–F, a–f), moves (C, F+2) and positions (4-4-4-…-S) are notation: keep them.

rules-title = Rules of Oware
rules-heading = How to play Oware
rules-intro-html = Oware is a game for two players from the mancala family, played across West Africa and the Caribbean. It needs no luck: only counting and looking ahead. This page explains the <strong>abapa</strong> rules, the ones used in tournaments and by default here.

rules-board-title = The board
rules-board-1 = The board has two rows of six pits with four seeds each, 48 seeds in all. The bottom row is yours, the top row belongs to your opponent. Captured seeds are kept in the long pits at the ends: yours is on the right.
rules-board-2-html = Pits are named by letters: South (the player who starts) has <code>A</code> to <code>F</code> from left to right, North has <code>a</code> to <code>f</code> from their own left, which is the top right as you look at the board.

rules-sowing-title = Sowing
rules-sowing-1-html = Pick one of your pits with seeds. Tap it or press the keys 1 to 6 (your pits from left to right). You take every seed out of that pit and drop them one by one into the following pits, going <strong>counter-clockwise</strong>: to the right along your row, then to the left along your opponent's row, and round again.
rules-sowing-before = before: four seeds in every pit
rules-sowing-after = after E: F, a, b and c hold 5, E is empty
rules-sowing-caption = South plays E: its four seeds go to F, a, b and c.
rules-sowing-2-html = <strong>Twelve seeds or more:</strong> a pit with 12 or more seeds sows all the way round the board. The pit you emptied is skipped: it stays empty, and the sowing goes on into the next pit.

rules-capture-title = Capturing
rules-capture-1-html = If your <em>last</em> seed falls in a pit on your opponent's row and makes it hold exactly <strong>2 or 3 seeds</strong>, you capture those seeds into your store.
rules-capture-2-html = Then look at the pit before it (going back the way you sowed): if it is also on your opponent's row and also holds 2 or 3, you capture it too, and so on. This <strong>capture chain</strong> stops at the first pit that does not hold 2 or 3, or at the edge of your opponent's row. You never capture from your own row.
rules-capture-before = before: F holds 3; a, b, c hold 1, 2, 1
rules-capture-after = after F: a, b and c captured, 7 seeds
rules-capture-caption = South plays F with 3 seeds: they fall in a, b and c, making 2, 3 and 2. The last seed is in c (2): captured. Going back, b (3) and a (2) are captured too: 7 seeds for South. The chain would stop at d had the seeds gone further.

rules-slam-title = The grand slam
rules-slam-html = A move that would capture <em>every</em> seed on your opponent's row is called a grand slam. Under abapa rules it is allowed, but it captures nothing: the seeds stay where they fell. The new-game dialog offers the other versions people play (not allowed unless forced, or capturing all but one pit, or capturing and giving the rest to the opponent).

rules-feed-title = Feeding your opponent
rules-feed = If your opponent has no seeds at all, you must play a move that gives them seeds, if one exists. The page dims the pits you may not play and, if you try one, tells you why ("you must give North seeds"). If no move can feed them, the game ends.

rules-end-title = The end of the game
rules-end-25-html = <strong>25 seeds:</strong> as soon as a player has captured 25 seeds (more than half), they win.
rules-end-24-html = <strong>24 each:</strong> if both players capture 24, the game is a draw.
rules-end-stuck-html = <strong>No move:</strong> when the player to move has no seeds, or cannot give seeds to an opponent who has none, the game ends and each player takes the seeds left on their own row.
rules-end-cycles-html = <strong>Cycles:</strong> with few seeds left, the players can chase each other round the board forever. When the same position comes up for the third time (pits, stores and the player to move all the same), the game ends and each player takes the seeds on their own row. Some clubs end it at the first repetition, or share the seeds left equally: both are rule options.
rules-end-agreed-html = <strong>A cycle by agreement:</strong> players who both see that the game has become an endless cycle need not play it out. While each player has seeds on their own row, either may propose to end the game; if the other accepts, each player takes the seeds on their own row (the end is recorded as <code>agreed-cycle</code>, not as a repetition). The computer answers honestly: it accepts only when it cannot do better by playing on.
rules-winner = The winner is the player with more seeds at the end, captured plus any given out at the end.

rules-notation-title = Writing games down
rules-notation-html = A move is the letter of the pit played, with <code>+N</code> when it captured N seeds: <code>1. C b 2. F+2 a</code>. Whole games are saved as OGN records (like chess's PGN), which you can download, copy and import on the game page. A position can be written as 12 counts, the two stores and the side to move: <code>4-4-4-4-4-4-4-4-4-4-4-4-0-0-S</code>.
