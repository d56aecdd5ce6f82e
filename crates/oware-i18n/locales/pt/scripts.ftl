# As mensagens dos scripts da página (static/js/*.js), servidas em JSON em /i18n/{lang}.

seeds-count = { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
}
