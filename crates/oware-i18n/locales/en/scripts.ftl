# The messages of the page scripts (static/js/*.js): served at /i18n/{lang} as JSON.
# Only variables and selectors on a variable (plurals): static/js/i18n-format.js formats them.

seeds-count = { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}
