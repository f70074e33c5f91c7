export const demoIntro = {
  title: 'Security Integrations since 2010',
  history:
    'Redwall started in September 2010 as a university spin-off in Antwerp. What began as research into public key infrastructure grew into a consultancy trusted by banks, governments and industry.',
  body: 'We design, build and secure the systems our clients depend on: Java and JavaScript applications, PKI and digital signatures, business continuity and disaster recovery, and security scans that find weaknesses before others do.',
};

export const demoMasthead = {
  mastheadTitle: 'Security you can build on',
  mastheadBody: 'Java, J2EE, JavaScript and PKI consulting from Antwerp, Belgium.',
};
