/**
 * Looking up a table or function in the schema cache, reloading it once on a
 * miss (a migration may have added it), with PostgREST's 404 errors.
 */
import type { BackendContext } from '../context.ts';
import { pgrst } from '../pgError.ts';
import { loadCatalog, type FunctionInfo, type TableInfo } from './catalog.ts';
import { errOut, OutError, type Tx } from './http.ts';

/** The table `name` of `public`; throws a 404 PGRST205 when there is none. */
export async function tableOf(ctx: BackendContext, tx: Tx, name: string): Promise<TableInfo> {
  let t = ctx.catalog.tables.get(name);
  if (!t) {
    await loadCatalog(tx, ctx.catalog);
    t = ctx.catalog.tables.get(name);
  }
  if (!t)
    throw new OutError(
      errOut(
        404,
        pgrst('PGRST205', `Could not find the table 'public.${name}' in the schema cache`),
      ),
    );
  return t;
}

/** The overload of `name` taking exactly these named arguments; throws a 404 PGRST202 when none does. */
export async function functionOf(
  ctx: BackendContext,
  tx: Tx,
  name: string,
  argNames: string[],
): Promise<FunctionInfo> {
  const pick = (): FunctionInfo | undefined =>
    (ctx.catalog.functions.get(name) ?? []).find((f) => {
      const names = new Set(f.args.map((a) => a.name));
      if (!argNames.every((a) => names.has(a))) return false;
      const required = f.args.slice(0, f.args.length - f.defaults);
      return required.every((a) => argNames.includes(a.name));
    });
  let f = pick();
  if (!f) {
    await loadCatalog(tx, ctx.catalog);
    f = pick();
  }
  if (!f) {
    // PostgREST 12's words (it also looks for one unnamed json argument, which we do not take).
    const sig = argNames.length ? `(${argNames.join(', ')})` : ' without parameters';
    const searched = argNames.length
      ? ` with parameters ${argNames.join(', ')}`
      : ' without parameters';
    throw new OutError(
      errOut(
        404,
        pgrst(
          'PGRST202',
          `Could not find the function public.${name}${sig} in the schema cache`,
          `Searched for the function public.${name}${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
        ),
      ),
    );
  }
  return f;
}
