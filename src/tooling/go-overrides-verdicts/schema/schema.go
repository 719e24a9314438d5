// A stand-in for k8s.io/apimachinery/pkg/runtime/schema: only the type the copied parser names.
package schema

type GroupResource struct {
	Group    string
	Resource string
}
