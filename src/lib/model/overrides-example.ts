/** The example from `--etcd-servers-overrides`' help text (etcd.go#L134): two overrides. */
export const HELP_TEXT_EXAMPLE = '/pods#http://etcd4:2379;http://etcd5:2379,/events#http://etcd6:2379';
