# Watching: TV and the games in play (static/watch.html). The scripts' messages are in scripts-watch.ftl.

watch-title = { -brand } TV and games in play
watch-description = Watch the best { -brand } game being played now, or pick any game in play.
watch-tv = { -brand } TV
watch-channels = Channels
watch-channel-best = Best game
watch-channel-bots = Bots
watch-channel-tournament = Tournament
watch-eval = Evaluation
watch-open = Open the game
watch-all-games = All games in play
watch-games = Games in play
watch-filter-clock = Time control
watch-filter-any = Any
watch-clock-blitz = Blitz
watch-clock-rapid = Rapid
watch-clock-correspondence = Correspondence
watch-clock-none = No clock
watch-filter-rated = Rated
watch-rated = Rated
watch-casual = Casual
watch-filter-bots = Bots
watch-bots-with = With bots
watch-bots-without = Without bots
watch-bots-only = Only bots
watch-prev = Previous
watch-next = Next
watch-home-tv = On { -brand } TV now

## The profile's game search (static/player.html)

search-title = Search the games
search-opponent = Opponent
search-result = Result
search-win = Won
search-draw = Drawn
search-loss = Lost
search-ending = Ending
search-ending-capture = Capture
search-ending-cycle = Cycle
search-ending-agreement = Agreement
search-ending-time = Time
search-ending-resign = Resignation
search-opening = First moves
search-go = Search
