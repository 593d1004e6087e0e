-- Lines stored before every producer kept spec §5's rule (in order, disjoint, inside the media) are made to keep
-- it, so every existing record can be edited and saved back. The same rule as contracts/timeline.ts disjointSpans:
-- each line is first kept inside its media, then two neighbours that overlap meet in the middle of the overlap
-- (never before the earlier one starts, never after the later one ends). Both sides of a boundary compute the
-- same value from the same pair, so one pass settles every boundary.
UPDATE segments
SET start_ms = fixed.new_start, end_ms = max(fixed.new_start, fixed.new_end)
FROM (
  SELECT
    id,
    CASE
      WHEN prev_end IS NOT NULL AND s < prev_end THEN max(prev_start, min(CAST(round((s + prev_end) / 2.0) AS INTEGER), e))
      ELSE s
    END AS new_start,
    CASE
      WHEN next_start IS NOT NULL AND next_start < e THEN max(s, min(CAST(round((next_start + e) / 2.0) AS INTEGER), next_end))
      ELSE e
    END AS new_end
  FROM (
    SELECT
      id, s, e,
      lag(s) OVER w AS prev_start,
      lag(e) OVER w AS prev_end,
      lead(s) OVER w AS next_start,
      lead(e) OVER w AS next_end
    FROM (
      SELECT
        segments.id, segments.record_id, segments.seq,
        min(max(0, segments.start_ms), coalesce(nullif(records.duration_ms, 0), 9223372036854775807)) AS s,
        min(max(0, segments.start_ms, segments.end_ms), coalesce(nullif(records.duration_ms, 0), 9223372036854775807)) AS e
      FROM segments LEFT JOIN records ON records.id = segments.record_id
    )
    WINDOW w AS (PARTITION BY record_id ORDER BY seq)
  )
) AS fixed
WHERE segments.id = fixed.id AND (segments.start_ms <> fixed.new_start OR segments.end_ms <> max(fixed.new_start, fixed.new_end));
