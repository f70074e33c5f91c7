export interface DemoPost {
  name: string;
  postedBy: string;
  content: string;
  tags: string[];
  /** Colours for the generated illustrations: one image per entry. */
  images: { from: string; to: string; label: string }[];
}

export const demoPosts: DemoPost[] = [
  {
    name: 'Why digital signatures still matter',
    postedBy: 'Sofie Peeters',
    tags: ['PKI', 'eIDAS', 'Signatures'],
    images: [
      { from: '#df2a28', to: '#6b0f0e', label: 'PKI' },
      { from: '#1f2937', to: '#df2a28', label: 'eIDAS' },
    ],
    content:
      'Every week we meet organisations that still print, sign and scan contracts. Qualified electronic signatures under eIDAS have the same legal value as a handwritten one across the European Union, and they are faster, cheaper and easier to audit.\n\nIn this post we look at what makes a signature qualified, how timestamps and long-term validation keep a signature verifiable for decades, and which mistakes we see most often when companies roll out their first signing platform. Spoiler: most problems are not about cryptography but about process, key custody and the user experience of the people who have to sign.\n\nWe close with a short checklist you can use before choosing a signing solution.',
  },
  {
    name: 'A disaster recovery plan you can actually test',
    postedBy: 'Pieter Janssens',
    tags: ['BC/DR', 'Operations'],
    images: [{ from: '#0f766e', to: '#134e4a', label: 'BC/DR' }],
    content:
      'A recovery plan that has never been tested is a wish, not a plan. We help clients define recovery time and recovery point objectives per service, automate their backups and, most importantly, rehearse the restore on a schedule.\n\nThis article walks through a tabletop exercise we ran with a logistics client, what broke during the first real restore test, and how they now recover their core systems in under two hours.',
  },
  {
    name: 'Five findings from a year of security scans',
    postedBy: 'Lotte Maes',
    tags: ['Security scan', 'Web'],
    images: [
      { from: '#334155', to: '#0f172a', label: 'Scan' },
      { from: '#df2a28', to: '#f97316', label: 'Fix' },
      { from: '#1d4ed8', to: '#1e293b', label: 'Report' },
    ],
    content:
      'Over the past year our team scanned more than eighty web applications. The same weaknesses keep coming back: outdated libraries, missing security headers, verbose error pages, weak session handling and forgotten test accounts.\n\nNone of them is exotic and all of them are cheap to fix once you know where to look. We describe each finding, show how an attacker would use it and give the one-line fix where there is one.',
  },
];

/** A simple branded illustration, drawn here so nothing is fetched from elsewhere. */
export const illustration = (from: string, to: string, label: string, width = 1600, height = 840) => `
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <g fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="6">
    <circle cx="${width * 0.78}" cy="${height * 0.3}" r="${height * 0.22}"/>
    <circle cx="${width * 0.78}" cy="${height * 0.3}" r="${height * 0.34}"/>
    <path d="M0 ${height * 0.8} Q ${width * 0.3} ${height * 0.6} ${width * 0.6} ${height * 0.85} T ${width} ${height * 0.7}"/>
  </g>
  <text x="${width * 0.08}" y="${height * 0.62}" font-family="sans-serif" font-size="${height * 0.2}" font-weight="700" fill="#ffffff">${label}</text>
</svg>`;
