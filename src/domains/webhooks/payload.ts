// The body of a delivery (spec: Events, Delivery 2), shaped by the version the
// webhook is pinned to. 2026-05-12 is the only version so far; a later one adds a
// branch here and leaves the earlier shape untouched.

export interface EventForDelivery {
  type: string;
  created: number;
  object: unknown;
  previousAttributes: unknown;
}

export function shapePayload(apiVersion: string, deliveryId: string, event: EventForDelivery): string {
  switch (apiVersion) {
    default:
      return JSON.stringify({
        id: deliveryId,
        type: event.type,
        api_version: apiVersion,
        created: event.created,
        data: { object: event.object },
        previous_attributes: event.previousAttributes ?? null,
      });
  }
}
