/** Who acts on which payment. */
export interface PaymentActor {
  clubId: number;
  paymentId: number;
  actorId: number;
}
