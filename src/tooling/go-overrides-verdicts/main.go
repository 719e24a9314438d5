// Records, for each value read from standard input (a JSON array of strings), what kube-apiserver
// makes of it as --etcd-servers-overrides: pflag's CSV split (readAsCSV), then
// ParseEtcdServersOverrides. Both functions, the override type and its error are copied at run time
// from the upstream snapshots into upstream.go by src/tooling/go-overrides-verdicts.ts; this file
// and the schema stand-in are the guide's own. Writes a JSON array of verdicts to standard output.
package main

import (
	"encoding/json"
	"fmt"
	"os"
)

type override struct {
	Group    string   `json:"group"`
	Resource string   `json:"resource"`
	Servers  []string `json:"servers"`
}

type verdict struct {
	Value     string      `json:"value"`
	Ok        bool        `json:"ok"`
	Stage     string      `json:"stage,omitempty"`
	Overrides *[]override `json:"overrides,omitempty"`
}

func judge(value string) verdict {
	fields, err := readAsCSV(value)
	if err != nil {
		return verdict{Value: value, Stage: "flag"}
	}
	parsed, err := ParseEtcdServersOverrides(fields)
	if err != nil {
		return verdict{Value: value, Stage: "override"}
	}
	out := []override{}
	for _, o := range parsed {
		out = append(out, override{Group: o.GroupResource.Group, Resource: o.GroupResource.Resource, Servers: o.Servers})
	}
	return verdict{Value: value, Ok: true, Overrides: &out}
}

func main() {
	var values []string
	if err := json.NewDecoder(os.Stdin).Decode(&values); err != nil {
		fmt.Fprintln(os.Stderr, "expected a JSON array of strings on standard input:", err)
		os.Exit(2)
	}
	verdicts := make([]verdict, 0, len(values))
	for _, v := range values {
		verdicts = append(verdicts, judge(v))
	}
	if err := json.NewEncoder(os.Stdout).Encode(verdicts); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
