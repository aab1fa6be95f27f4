-- Issue #33 item 2: each write gets the permission its job needs. payments.create now
-- means "send a proof of payment" (a family's job, POST …/payments/{id}/proofs); creating
-- charges and discounts needs payments.update, as editing them does (the routes changed,
-- no row needs to). A player sends proofs for their own payments, so the Jugador role
-- gets payments.create by default, as a fresh seed grants (roleDefaults in
-- server/db/seed/reference.ts). On a fresh database the roles do not exist yet: nothing
-- happens here and the seed grants it.
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT "r"."id", "p"."id" FROM "roles" "r" CROSS JOIN "permissions" "p"
WHERE "r"."name" = 'Jugador' AND "p"."name" = 'payments.create'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A club that customised the payments module of Jugador or Padre/Acudiente: a family that
-- sees its payments there (and so could send proofs until now) still may.
INSERT INTO "club_role_permissions" ("club_id", "role_id", "permission_id")
SELECT "crp"."club_id", "crp"."role_id", "pc"."id"
FROM "club_role_permissions" "crp"
JOIN "roles" "r" ON "r"."id" = "crp"."role_id" AND "r"."name" IN ('Jugador', 'Padre/Acudiente')
JOIN "permissions" "pv" ON "pv"."id" = "crp"."permission_id" AND "pv"."name" = 'payments.view'
CROSS JOIN "permissions" "pc"
WHERE "pc"."name" = 'payments.create'
ON CONFLICT DO NOTHING;
