# The site's frame: the header every page has, and words many pages share.
# English is the source language: every id here must be in fr/, de/ and pt/ with the same variables.

-brand = Oware

# The header
nav-main = Main
nav-home = { -brand }, home
nav-play = Play
nav-puzzles = Puzzles
nav-learn = Learn
nav-tournaments = Tournaments
nav-tv = TV
nav-leaderboard = Leaderboard
nav-rules = Rules
nav-tips = Tips
nav-faq = FAQ
nav-account = Account
lang-menu = Language
