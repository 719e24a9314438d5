/**
 * The guide's sidebar, as Starlight's `sidebar` option takes it. Entries name pages by slug, so
 * Starlight links each language's own page (or its English fallback); `ja` gives each label's
 * Japanese text (https://starlight.astro.build/guides/sidebar/#internationalization).
 */

interface Page {
  label: string;
  ja: string;
  slug: string;
}
interface Group {
  label: string;
  ja: string;
  items: (Page | Group)[];
}

const page = (slug: string, label: string, ja: string): Page => ({ slug, label, ja });
const group = (label: string, ja: string, items: (Page | Group)[]): Group => ({ label, ja, items });

const NAVIGATION: (Page | Group)[] = [
  page('index', 'Overview', '概要'),
  page('plan', 'The sizing plan', 'サイジング計画'),
  group('Chapters', '章', [
    group('etcd sizing', 'etcd のサイジング', [
      page('etcd-sizing', 'Members and failure tolerance', 'メンバー数と障害耐性'),
      page('etcd-writes', 'Writes and scaling out', '書き込みとスケールアウト'),
      page('etcd-reads', 'Reads and the watch cache', '読み取りとウォッチキャッシュ'),
    ]),
    page('control-plane', 'Control-plane nodes', 'コントロールプレーンノード'),
    page('colocation', 'Colocation', '同居か分離か'),
    group('Production sizing', '本番環境のサイジング', [
      page('etcd-hardware', 'etcd machines', 'etcd のマシン'),
      page('etcd-disk', 'Disk and latency', 'ディスクとレイテンシー'),
      page('etcd-database', 'Database size and quota', 'データベースサイズとクォータ'),
      page('etcd-backup', 'Backup and restore', 'バックアップとリストア'),
      page('etcd-timeouts', 'Network and timeouts', 'ネットワークとタイムアウト'),
      page('tested-limits', 'Tested limits', 'テスト済みの上限'),
      page('apiserver-capacity', 'API-server capacity', 'API サーバーのキャパシティ'),
      page('membership', 'Changing membership', 'メンバー構成の変更'),
    ]),
  ]),
  group('Reference', 'リファレンス', [
    page('background', 'Background: etcd', '背景：etcd'),
    page('docs-vs-code', 'Docs versus code', 'ドキュメントとコード'),
    page('calculators', 'Calculators', '計算ツール'),
    page('glossary', 'Glossary', '用語集'),
    page('references', 'References', '参考文献'),
    page('evidence', 'Evidence', 'エビデンス'),
    page('lab', 'Evidence lab', '検証ラボ'),
  ]),
];

type StarlightEntry =
  | { label: string; translations: Record<string, string>; slug: string }
  | { label: string; translations: Record<string, string>; items: StarlightEntry[] };

function toStarlight(entry: Page | Group): StarlightEntry {
  const base = { label: entry.label, translations: { ja: entry.ja } };
  return 'slug' in entry ? { ...base, slug: entry.slug } : { ...base, items: entry.items.map(toStarlight) };
}

/** Starlight's `sidebar` option for the guide. */
export function sidebar(): StarlightEntry[] {
  return NAVIGATION.map(toStarlight);
}
