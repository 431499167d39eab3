import type { Route } from './+types/export';
import { refusePage, requireAreaUser, scopeContext } from '#app/context.ts';
import { CLASS_MESSAGES, classIdParamsSchema, dashboardQuerySchema } from '#app/modules/classes/index.ts';
import { classDashboardCsv, CLASS_REFUSAL_STATUS } from '#app/modules/classes/index.server.ts';

/** The class grid of a subject as a CSV file (issue 31): Dutch column names, a Dutch spreadsheet's numbers. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = classIdParamsSchema.safeParse({ id: params.classId });
  if (!id.success) refusePage({ status: 404, message: CLASS_MESSAGES.NOT_FOUND });
  const query = dashboardQuerySchema.safeParse({ subject: new URL(request.url).searchParams.get('vak') ?? undefined });
  if (!query.success) refusePage({ status: 404, message: CLASS_MESSAGES.SUBJECT_NOT_IN_CLASS });
  const file = await classDashboardCsv(
    context.get(scopeContext),
    requireAreaUser(context),
    id.data.id,
    query.data.subject,
  );
  if (!file.ok) refusePage({ status: CLASS_REFUSAL_STATUS[file.reason], message: file.message });
  return new Response(file.value.csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file.value.filename}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
