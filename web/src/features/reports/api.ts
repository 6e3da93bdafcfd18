import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { ReportAnswer } from '../../../../shared/schemas/reports';

/** `GET /api/consultant/reports?from&to`: the range's figures, read from the aggregates. */
export function useReport(from: string, to: string, enabled = true) {
  return useQuery({
    queryKey: ['consultant', 'reports', from, to],
    queryFn: ({ signal }) => api('consultant.reports', { query: { from, to }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
