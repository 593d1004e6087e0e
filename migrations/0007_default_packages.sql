-- Default packages, so a fresh database (npm start, a new deployment) can show and sell something at once.
-- Inserted only into an empty table: a deployment that already defined its packages keeps exactly those.
-- Prices are in fen (¥0.01); valid_period_unit 1 year, 2 month; seconds is the time a package grants.
INSERT INTO `packages` (`package_type`, `package_name`, `price_fen`, `org_price_fen`, `valid_period`, `valid_period_unit`, `seconds`, `created_at`)
SELECT v.column1, v.column2, v.column3, v.column4, v.column5, v.column6, v.column7, CAST(strftime('%s', 'now') AS INTEGER) * 1000
FROM (VALUES
  ('1', 'SVIP 1 month', 9900, 12900, 1, 2, 0),
  ('1', 'SVIP 12 months', 89900, 154800, 1, 1, 0),
  ('2', 'VIP 1 month', 4900, 6900, 1, 2, 0),
  ('2', 'VIP 12 months', 39900, 82800, 1, 1, 0),
  ('3', 'Duration 10 hours', 3900, 5900, 1, 1, 36000),
  ('3', 'Duration 50 hours', 16900, 29500, 1, 1, 180000),
  ('5', 'AI dubbing 1 hour', 5900, 7900, 1, 1, 3600),
  ('5', 'AI dubbing 5 hours', 25900, 39500, 1, 1, 18000)
) AS v
WHERE NOT EXISTS (SELECT 1 FROM `packages`);
