\timing on
explain (analyze, buffers) with hits as materialized (
              select g.id, g.title_vector @@ $$'kingdom' & 'hero'$$::tsquery as in_title, g.plays, g.rating_avg from games g
               where g.search_vector @@ $$'kingdom' & 'hero'$$::tsquery and g.status = 'APPROVED')
            select h.id, row_number() over (order by h.in_title desc, h.plays desc, h.rating_avg desc, h.id) as position from hits h order by h.in_title desc, h.plays desc, h.rating_avg desc, h.id limit 24 offset 0;
