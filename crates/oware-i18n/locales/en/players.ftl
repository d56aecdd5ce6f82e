# The people's pages: profiles, leaderboards and the password reset (static/player.html), the
# tournaments (static/tournament.html). Their scripts' messages are in scripts-people.ftl.

people-loading = Loading…

## static/player.html

people-title = { -brand } players
people-description = { -brand } players: profiles, ratings and the leaderboards.
people-ratings = Ratings
people-category = Category
people-deviation = Deviation
people-rated-games = Rated games
people-rating-history = Rating history
people-results = Results
people-result = Result
people-download-all = Download all (OGN)
people-ended = Ended
people-side = Side
people-game = Game
people-pages = Pages
people-newer = Newer
people-older = Older
people-played = Played
people-puzzle = Puzzle
people-leaderboard-note = The top 100 of each category among players with an established rating who played in the last 30 days.
people-reset-heading = Choose a new password
people-same-again = The same again
people-reset-submit = Set the password
people-reset-done = Your password is set. Log in with it (top right).

## static/tournament.html

people-t-title = { -brand } tournaments
people-t-description = { -brand } tournaments: arenas and Swiss tournaments, their standings and games.
people-t-running = Running
people-t-upcoming = Upcoming
people-t-finished-heading = Finished
people-t-create = Create a tournament
people-t-name = Name
people-t-kind = Kind
people-t-kind-arena = Arena
people-t-kind-swiss = Swiss
people-t-minutes = Minutes (arena)
people-t-rounds = Rounds (Swiss)
people-t-clock = Clock minutes
people-t-increment = Increment seconds
people-t-starts-in = Starts in minutes
people-t-create-button = Create
people-t-berserk = Berserk
people-t-play = Go to your game
people-t-standings = Standings
people-t-prev = Previous places
people-t-next = Next places
people-t-points = Points
people-t-round = Round
people-board-tabs = Leaderboards
people-board-people = People
people-board-bots = Bots
