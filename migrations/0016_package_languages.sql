CREATE TABLE `package_texts` (
	`package_id` integer NOT NULL,
	`locale` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`package_id`, `locale`),
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Data (hand-written): the default packages of 0007 named and described in every interface language.
-- Packages a deployment defined itself keep their own name until the operator adds texts (npm run admin).
INSERT INTO `package_texts` (`package_id`, `locale`, `name`, `description`)
SELECT p.`id`, v.column2, v.column3, v.column4
FROM (VALUES
  ('SVIP 1 month', 'zh-CN', 'SVIP 会员 1 个月', '全部功能，适合团队与会议投屏'),
  ('SVIP 1 month', 'zh-TW', 'SVIP 會員 1 個月', '全部功能，適合團隊與會議投屏'),
  ('SVIP 1 month', 'en-US', 'SVIP 1 month', 'Every feature, for teams and projected meetings'),
  ('SVIP 12 months', 'zh-CN', 'SVIP 会员 12 个月', '一整年全部功能，最划算'),
  ('SVIP 12 months', 'zh-TW', 'SVIP 會員 12 個月', '一整年全部功能，最劃算'),
  ('SVIP 12 months', 'en-US', 'SVIP 12 months', 'A year of every feature, the best value'),
  ('VIP 1 month', 'zh-CN', 'VIP 会员 1 个月', '每日实时与上传额度，个人日常使用'),
  ('VIP 1 month', 'zh-TW', 'VIP 會員 1 個月', '每日即時與上傳額度，個人日常使用'),
  ('VIP 1 month', 'en-US', 'VIP 1 month', 'A daily live and upload allowance for personal use'),
  ('VIP 12 months', 'zh-CN', 'VIP 会员 12 个月', '一整年个人会员，按年更省'),
  ('VIP 12 months', 'zh-TW', 'VIP 會員 12 個月', '一整年個人會員，按年更省'),
  ('VIP 12 months', 'en-US', 'VIP 12 months', 'A year of personal membership, cheaper by the year'),
  ('Duration 10 hours', 'zh-CN', '转写时长 10 小时', '按时长计费，一年内用完即可'),
  ('Duration 10 hours', 'zh-TW', '轉寫時長 10 小時', '按時長計費，一年內用完即可'),
  ('Duration 10 hours', 'en-US', '10 hours of transcription', 'Pay for the time you use, within a year'),
  ('Duration 50 hours', 'zh-CN', '转写时长 50 小时', '大量转写，每小时更便宜'),
  ('Duration 50 hours', 'zh-TW', '轉寫時長 50 小時', '大量轉寫，每小時更便宜'),
  ('Duration 50 hours', 'en-US', '50 hours of transcription', 'For heavy use, a lower price per hour'),
  ('AI dubbing 1 hour', 'zh-CN', 'AI 配音 1 小时', '体验 AI 配音，一年内有效'),
  ('AI dubbing 1 hour', 'zh-TW', 'AI 配音 1 小時', '體驗 AI 配音，一年內有效'),
  ('AI dubbing 1 hour', 'en-US', 'AI dubbing 1 hour', 'Try AI dubbing, valid for a year'),
  ('AI dubbing 5 hours', 'zh-CN', 'AI 配音 5 小时', '更多配音，每小时更便宜'),
  ('AI dubbing 5 hours', 'zh-TW', 'AI 配音 5 小時', '更多配音，每小時更便宜'),
  ('AI dubbing 5 hours', 'en-US', 'AI dubbing 5 hours', 'For more dubbing, a lower price per hour')
) AS v
JOIN `packages` p ON p.`package_name` = v.column1;
