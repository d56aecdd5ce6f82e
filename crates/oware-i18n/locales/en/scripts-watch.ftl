# Watching: TV, the games in play and the home page's TV board (static/js/watch.js, static/js/miniboard.js, static/js/hometv.js).

watch-none = No game is being played on this channel now: the next one shows here as soon as it starts.
watch-none-list = No game in play matches.
watch-count = { $count ->
    [one] One game in play
   *[other] { $count } games in play
}
watch-page = Page { $page } of { $pages }
watch-board-label = { $south } (South) against { $north } (North), after { $ply ->
    [one] one move
   *[other] { $ply } moves
}; { $turn } to move. Stores: South { $south_store }, North { $north_store }.
watch-result-win = { $name } won. The next game follows in a moment.
watch-result-draw = A draw. The next game follows in a moment.
watch-result-none = The game ended without a result. The next game follows in a moment.
watch-eval-south = South { $score }
watch-eval-busy = The engine is busy: the evaluation comes back with the next move.
watch-watch = Watch

## The profile's game search (static/js/gamesearch.js)

search-none = No game found.
search-hit-win = Won against { $opponent } in { $plies } moves, { $date }
search-hit-draw = Drawn against { $opponent } in { $plies } moves, { $date }
search-hit-loss = Lost against { $opponent } in { $plies } moves, { $date }
