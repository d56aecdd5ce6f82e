# Les messages des scripts de la page (static/js/*.js), servis en JSON à /i18n/{lang}.

seeds-count = { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}
