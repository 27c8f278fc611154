// The network webhook deliveries connect through when the service runs on this machine
// (npm start binds it as WEBHOOK_EGRESS; the tests bind the same definition): a workerd
// network service that admits only publicly routable addresses. workerd applies the
// list to the addresses of its own lookup, at connect time ("In the case that the Worker
// specifies a DNS hostname rather than a raw address, these rules are used to filter the
// addresses returned by the lookup": workerd.capnp, Network.allow), so a name that
// answers the guard's DNS-over-HTTPS query with a public address and the connection
// with 127.0.0.1 is refused there. See src/domains/webhooks/egress.ts.
export const WEBHOOK_EGRESS_NETWORK = { allow: ["public"], deny: [] };
