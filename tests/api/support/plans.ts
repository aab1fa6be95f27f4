import { sql } from 'drizzle-orm';
import type { TestContext } from './test-app';

/** A node of `EXPLAIN (ANALYZE, FORMAT JSON)`'s plan, the fields the plan tests read. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** Every node of a plan, the root first. */
export const nodesOf = (node: PlanNode): PlanNode[] => [
  node,
  ...(node.Plans ?? []).flatMap(nodesOf),
];

/**
 * Runs `query` (drizzle's `toSQL()`, integer parameters) as the server's driver sends it:
 * prepared with its parameters, under `plan_cache_mode` `mode`, then explains that same
 * execution. Answers the rows and the plan; the transaction leaves nothing behind.
 */
export async function preparedPlan<Row>(
  ctx: TestContext,
  query: { sql: string; params: unknown[] },
  mode: 'force_generic_plan' | 'force_custom_plan',
): Promise<{ rows: Row[]; plan: PlanNode }> {
  const values = query.params.map(Number).join(', ');
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local plan_cache_mode = ${mode}`));
    await tx.execute(sql.raw(`prepare plan_test as ${query.sql}`));
    const answered = await tx.execute(sql.raw(`execute plan_test(${values})`));
    const explained = await tx.execute(
      sql.raw(`explain (analyze, format json) execute plan_test(${values})`),
    );
    await tx.execute(sql.raw('deallocate plan_test'));
    const rows = (answered as unknown as { rows: Row[] }).rows;
    const [result] = (explained as unknown as { rows: Record<string, unknown>[] }).rows;
    const json = Object.values(result!)[0];
    const [plan] = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }];
    return { rows, plan: plan.Plan };
  });
}
