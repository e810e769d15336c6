import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { z } from 'zod';

/**
 * A screen's search params (sorting, filters, the page cursor), validated with its zod schema:
 * anything the schema refuses falls back to the screen's defaults. Changing them replaces the URL,
 * so a view can be bookmarked and shared.
 */
export function useScreenSearch<T extends z.ZodType<Record<string, unknown>>>(schema: T) {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const parsed = useMemo(() => {
    const result = schema.safeParse(raw);
    return (result.success ? result.data : schema.parse({})) as z.infer<T>;
  }, [schema, raw]);
  const setSearch = (next: Partial<z.infer<T>>) =>
    void navigate({
      to: '.',
      search: Object.fromEntries(
        Object.entries({ ...parsed, ...next }).filter(([, value]) => value !== undefined && value !== ''),
      ) as never,
      replace: true,
    });
  return [parsed, setSearch] as const;
}
