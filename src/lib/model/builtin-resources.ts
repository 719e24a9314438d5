/**
 * Group/resources compiled into kube-apiserver 1.37 that `--etcd-servers-overrides` can move to
 * other etcd servers. APPROXIMATE: hand-kept from the built-in API groups (beta/alpha-only and
 * rarely used resources may be missing). The flag "applies only to resources compiled into this
 * server binary" (kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/server/options/etcd.go#L130-L134):
 * CustomResourceDefinition-backed resources (served by the apiextensions server) and aggregated
 * APIs are not covered by it.
 */

/** Built-in resources by API group ('' is the core group). */
const BUILTIN_RESOURCES: Readonly<Record<string, readonly string[]>> = {
  '': [
    'pods',
    'events',
    'nodes',
    'services',
    'endpoints',
    'configmaps',
    'secrets',
    'namespaces',
    'persistentvolumes',
    'persistentvolumeclaims',
    'serviceaccounts',
    'limitranges',
    'resourcequotas',
    'replicationcontrollers',
    'podtemplates',
  ],
  'events.k8s.io': ['events'],
  'coordination.k8s.io': ['leases'],
  apps: ['deployments', 'replicasets', 'statefulsets', 'daemonsets', 'controllerrevisions'],
  batch: ['jobs', 'cronjobs'],
  'networking.k8s.io': ['ingresses', 'networkpolicies', 'ingressclasses'],
  'rbac.authorization.k8s.io': ['roles', 'rolebindings', 'clusterroles', 'clusterrolebindings'],
  'storage.k8s.io': ['storageclasses', 'volumeattachments', 'csidrivers', 'csinodes', 'csistoragecapacities'],
  policy: ['poddisruptionbudgets'],
  autoscaling: ['horizontalpodautoscalers'],
  'discovery.k8s.io': ['endpointslices'],
  'scheduling.k8s.io': ['priorityclasses'],
  'node.k8s.io': ['runtimeclasses'],
  'admissionregistration.k8s.io': [
    'validatingwebhookconfigurations',
    'mutatingwebhookconfigurations',
    'validatingadmissionpolicies',
    'validatingadmissionpolicybindings',
  ],
  'apiextensions.k8s.io': ['customresourcedefinitions'],
  'apiregistration.k8s.io': ['apiservices'],
  'certificates.k8s.io': ['certificatesigningrequests'],
  'flowcontrol.apiserver.k8s.io': ['flowschemas', 'prioritylevelconfigurations'],
  'resource.k8s.io': ['resourceclaims', 'resourceclaimtemplates', 'deviceclasses', 'resourceslices'],
};

/** Whether `group/resource` is in the (approximate) built-in list. */
export function isBuiltinResource(group: string, resource: string): boolean {
  return BUILTIN_RESOURCES[group]?.includes(resource) ?? false;
}

/** Groups in the built-in list that serve `resource` (for suggestions such as "/registry/deployments" → "apps/deployments"). */
export function groupsServing(resource: string): string[] {
  return Object.keys(BUILTIN_RESOURCES).filter((g) => BUILTIN_RESOURCES[g]!.includes(resource));
}
