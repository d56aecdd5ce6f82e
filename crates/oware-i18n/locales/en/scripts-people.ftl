# The people's scripts: the header's account box (static/js/account.js), the profiles and the
# leaderboards (static/js/players.js), the tournaments (static/js/tournament.js).

## The rating categories (account.js, shared by the pages that show ratings)

people-cat-blitz = Blitz
people-cat-rapid = Rapid
people-cat-correspondence = Correspondence

## The header's account box and its dialogs (account.js)

people-login = Log in
people-signup = Sign up
people-signup-title = Create an account
people-to-signup = No account yet? Sign up
people-to-login = Have an account? Log in
people-signup-intro = A name of 2–20 letters, digits, _ or -; a password of at least 8 characters. Guests can still play casual games.
people-field-name = User name
people-field-password = Password
people-field-current = Current password
people-field-new = New password
people-cancel = Cancel
people-password-title = Change the password
people-password-ok = Change it
people-password-changed = Password changed.
people-close-title = Close the account
people-close-ok = Close my account
people-close-intro = Your games stay and are shown under your name, marked closed. You cannot log in again.
people-closed = Account closed. Its games stay, under its name.
people-logged-out = Logged out.
people-logged-out-all = Logged out on every device.
people-menu-profile = Profile
people-menu-leaderboard = Leaderboard
people-menu-logout = Log out
people-menu-logout-all = Log out everywhere
people-menu-tokens = API tokens (bots)

## Profiles, leaderboards, the password reset (players.js)

people-result-win = Win
people-result-draw = Draw
people-result-loss = Loss
people-filter-all = All
people-filter-wins = Wins
people-filter-draws = Draws
people-filter-losses = Losses
people-side-south = South
people-side-north = North
people-graph-empty = No rated games yet.
# A line of the rating graph's legend: "Blitz: 12 games, last 1534".
people-graph-legend = { $category }: { $count ->
    [one] { $count } game
   *[other] { $count } games
}, last { $rating }
# The graph described for screen readers: $series is a list of people-graph-series joined by "; ".
people-graph-label = Rating history: { $series }
people-graph-series = { $category } from { $from } to { $to }
# $rating is a number, with "?" after it while provisional.
people-puzzles-rated = Puzzle rating { $rating }: { $solved } solved, { $failed } failed.
people-puzzles = { $solved } solved, { $failed } failed.
people-puzzle-solved = Solved
people-puzzle-failed = Failed
people-account-closed = (account closed)
people-since = Playing since { $date }.
people-record = { $games ->
    [one] { $games } game
   *[other] { $games } games
}: { $wins } won, { $draws } drawn, { $losses } lost.
# $list: the lessons' names, joined with commas.
people-lessons = Lessons completed: { $count } ({ $list }).
people-lessons-none = No lessons completed yet.
people-replay = Replay
people-replay-label = Replay and review the game of { $date }
people-rated = rated
people-casual = casual
people-games-none = No games yet.
people-games-no-more = No more games.
people-page = Page { $page }
people-t-page = Page { $page } of { $pages }
people-leaderboard-title = Leaderboard · Oware
people-board-empty = No established players yet.
people-col-player = Player
people-col-rating = Rating
people-col-games = Games
people-reset-title = New password · Oware
people-reset-no-token = This link has no token: ask the operator for a new one.
people-reset-differ = The two passwords differ.
people-nothing-here = Nothing here. The game is on the home page.

## Tournaments (tournament.js)

people-t-arena = Arena, { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}
people-t-swiss = Swiss, { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}
# $kind: people-t-arena or people-t-swiss; $clock: "3+2" (minutes + seconds a move).
people-t-info = { $kind } · { $clock } · rated · { $players ->
    [one] { $players } player
   *[other] { $players } players
}
people-t-info-max = { $kind } · { $clock } · rated · { $players ->
    [one] { $players } player
   *[other] { $players } players
} (at most { $max })
people-t-none = None.
people-t-doc-title = { $name } · Oware tournaments
people-t-starts = Starts { $date }
people-t-running-since = Running since { $date }
people-t-finished = Finished; started { $date }
# Added to the line above, after " · ".
people-t-ends = ends { $date }
people-t-round-of = round { $round } of { $rounds }
people-t-bye = bye: { $name }
# $list: people-t-bye-round items joined by " · ".
people-t-byes = Byes (a point without a game): { $list }
people-t-bye-round = round { $round } { $name }
people-t-join = Join
people-t-come-back = Come back
people-t-pause = Pause
people-t-withdraw = Withdraw
# $list: "1. ama  2. kofi  3. esi".
people-t-podium = Podium: { $list }
people-t-games-points = Games (points each)
people-t-tiebreaks = Buchholz · SB
people-t-on-fire = on fire
people-t-on-fire-next = on fire: the next win counts double
people-t-doubled = on fire: the points doubled
# A player's state in the standings, after their name.
people-t-state = ({ $state ->
    [paused] paused
    [withdrawn] withdrawn
   *[other] { $state }
})
people-t-aborted = aborted
people-t-playing = playing
people-t-watch = watch
people-t-nothing = Nothing here.
