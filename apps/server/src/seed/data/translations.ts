/**
 * The demo content in Dutch and French, for Belgian readers (decision 0155): every demo post,
 * vacancy and page text of the first start has both, so a newcomer sees the languages at once.
 * Keyed by the English title, the source each is a translation of.
 */
export const demoPostTranslations: Record<string, { nl: DemoPostText; fr: DemoPostText }> = {
  'Why digital signatures still matter': {
    nl: {
      name: 'Waarom digitale handtekeningen nog altijd tellen',
      content:
        'Elke week ontmoeten we organisaties die contracten nog altijd afdrukken, ondertekenen en inscannen. Gekwalificeerde elektronische handtekeningen onder eIDAS hebben in de hele Europese Unie dezelfde juridische waarde als een handgeschreven handtekening, en ze zijn sneller, goedkoper en makkelijker te controleren.\n\nIn dit bericht bekijken we wat een handtekening gekwalificeerd maakt, hoe tijdstempels en validatie op lange termijn een handtekening tientallen jaren controleerbaar houden, en welke fouten we het vaakst zien wanneer bedrijven hun eerste ondertekeningsplatform uitrollen. Verklapt: de meeste problemen gaan niet over cryptografie, maar over processen, het beheer van sleutels en de gebruikservaring van wie moet tekenen.\n\nWe sluiten af met een korte checklist die u kunt gebruiken voor u een ondertekeningsoplossing kiest.',
    },
    fr: {
      name: 'Pourquoi la signature électronique compte toujours',
      content:
        'Chaque semaine, nous rencontrons des organisations qui impriment, signent et scannent encore leurs contrats. Dans toute l’Union européenne, une signature électronique qualifiée au sens d’eIDAS a la même valeur juridique qu’une signature manuscrite, et elle est plus rapide, moins chère et plus facile à contrôler.\n\nDans cet article, nous voyons ce qui rend une signature qualifiée, comment l’horodatage et la validation à long terme permettent de la vérifier pendant des décennies, et quelles erreurs nous rencontrons le plus souvent lorsqu’une entreprise déploie sa première plateforme de signature. Petite révélation : la plupart des problèmes ne viennent pas de la cryptographie, mais des processus, de la garde des clés et de l’expérience des personnes qui doivent signer.\n\nNous terminons par une courte liste de contrôle à parcourir avant de choisir une solution de signature.',
    },
  },
  'A disaster recovery plan you can actually test': {
    nl: {
      name: 'Een noodherstelplan dat u echt kunt testen',
      content:
        'Een herstelplan dat nooit getest is, is een wens en geen plan. We helpen klanten om per dienst hun hersteltijd en herstelpunt te bepalen, hun back-ups te automatiseren en vooral om het terugzetten op vaste momenten in te oefenen.\n\nDit artikel volgt een tafeloefening met een klant uit de logistiek: wat er misliep bij de eerste echte hersteltest, en hoe ze hun kernsystemen nu in minder dan twee uur herstellen.',
    },
    fr: {
      name: 'Un plan de reprise après sinistre que vous pouvez vraiment tester',
      content:
        'Un plan de reprise qui n’a jamais été testé est un souhait, pas un plan. Nous aidons nos clients à fixer, service par service, leurs objectifs de délai et de point de reprise, à automatiser leurs sauvegardes et surtout à répéter régulièrement la restauration.\n\nCet article retrace un exercice sur table mené avec un client du secteur logistique : ce qui a échoué lors du premier vrai test de restauration, et comment il rétablit aujourd’hui ses systèmes critiques en moins de deux heures.',
    },
  },
  'Five findings from a year of security scans': {
    nl: {
      name: 'Vijf vaststellingen na een jaar beveiligingsscans',
      content:
        'Het voorbije jaar scande ons team meer dan tachtig webapplicaties. Dezelfde zwaktes komen telkens terug: verouderde bibliotheken, ontbrekende beveiligingsheaders, foutpagina’s die te veel vertellen, zwak sessiebeheer en vergeten testaccounts.\n\nGeen enkele is exotisch, en ze zijn allemaal goedkoop op te lossen zodra u weet waar u moet kijken. We beschrijven elke vaststelling, tonen hoe een aanvaller ze zou gebruiken en geven de oplossing in één regel waar die bestaat.',
    },
    fr: {
      name: 'Cinq constats après un an d’analyses de sécurité',
      content:
        'Au cours de l’année écoulée, notre équipe a analysé plus de quatre-vingts applications web. Les mêmes faiblesses reviennent sans cesse : bibliothèques obsolètes, en-têtes de sécurité manquants, pages d’erreur trop bavardes, gestion de session fragile et comptes de test oubliés.\n\nAucune n’est exotique, et toutes se corrigent à peu de frais une fois qu’on sait où regarder. Nous décrivons chaque constat, montrons comment un attaquant l’exploiterait et donnons la correction en une ligne quand elle existe.',
    },
  },
};

export interface DemoPostText {
  name: string;
  content: string;
}

export interface DemoVacancyText {
  title: string;
  expectation: string;
  function: string;
  description: string;
  offer: string;
  location: string;
}

export const demoVacancyTranslations: Record<string, { nl: DemoVacancyText; fr: DemoVacancyText }> = {
  'Java Developer': {
    nl: {
      title: 'Java-ontwikkelaar',
      expectation: 'Drie jaar ervaring met Java 17+, Spring en SQL; interesse in beveiliging en PKI.',
      function: 'Je bouwt en onderhoudt veilige back-enddiensten voor onze klanten, van ontwerp tot productie.',
      description:
        'Als Java-ontwikkelaar bij Redwall kom je in een klein team van ervaren engineers dat werkt aan ondertekeningsplatformen, identiteitsdiensten en integraties voor banken en overheidsinstellingen. Je schrijft propere, geteste code, doet mee aan code reviews en helpt klanten de juiste architectuur te kiezen.',
      offer:
        'Een contract van onbepaalde duur, een bedrijfswagen of mobiliteitsbudget, een opleidingsbudget en tijd voor certificeringen, hybride werken vanuit Antwerpen.',
      location: 'Antwerpen, België',
    },
    fr: {
      title: 'Développeur Java',
      expectation: 'Trois ans d’expérience avec Java 17+, Spring et SQL ; un intérêt pour la sécurité et la PKI.',
      function:
        'Vous concevez et maintenez des services back-end sécurisés pour nos clients, de la conception à la production.',
      description:
        'En tant que développeur Java chez Redwall, vous rejoignez une petite équipe d’ingénieurs expérimentés qui travaille sur des plateformes de signature, des services d’identité et des intégrations pour des banques et des institutions publiques. Vous écrivez un code propre et testé, participez aux revues de code et aidez nos clients à choisir la bonne architecture.',
      offer:
        'Un contrat à durée indéterminée, une voiture de société ou un budget mobilité, un budget formation et du temps pour les certifications, du télétravail partiel depuis Anvers.',
      location: 'Anvers, Belgique',
    },
  },
  'Office Manager': {
    nl: {
      title: 'Officemanager',
      expectation: 'Ervaring in kantooradministratie, vlot Nederlands en Engels, goed georganiseerd.',
      function:
        'Je houdt het kantoor draaiende: planning, contacten met leveranciers, onthaal van nieuwe collega’s en de dagelijkse administratie.',
      description:
        'Als officemanager ben je het eerste aanspreekpunt voor bezoekers en collega’s. Je organiseert vergaderingen en evenementen, bereidt facturen voor en werkt nauw samen met onze boekhouder.',
      offer:
        'Een contract van onbepaalde duur, maaltijdcheques, flexibele uren en een fijn team in het centrum van Antwerpen.',
      location: 'Antwerpen, België',
    },
    fr: {
      title: 'Office manager',
      expectation:
        'Une expérience en administration de bureau, un néerlandais et un anglais courants, un bon sens de l’organisation.',
      function:
        'Vous assurez le bon fonctionnement du bureau : planning, contacts avec les fournisseurs, accueil des nouveaux collègues et administration quotidienne.',
      description:
        'En tant qu’office manager, vous êtes le premier point de contact des visiteurs et des collègues. Vous organisez réunions et événements, préparez les factures et travaillez en étroite collaboration avec notre comptable.',
      offer:
        'Un contrat à durée indéterminée, des chèques-repas, des horaires flexibles et une équipe sympathique au centre d’Anvers.',
      location: 'Anvers, Belgique',
    },
  },
  'Admin Manager': {
    nl: {
      title: 'Administratief manager',
      expectation: 'Een achtergrond in financiën of administratie en ervaring met het leiden van kleine teams.',
      function:
        'Je volgt de contracten, de personeelsadministratie en de rapportering op voor beide Redwall-bedrijven.',
      description:
        'Als administratief manager zorg je ervoor dat contracten, loongegevens en rapporten correct en op tijd zijn. Je verbetert onze processen en tools en rapporteert aan de directie.',
      offer:
        'Een contract van onbepaalde duur, een bedrijfswagen, een groeps- en hospitalisatieverzekering en ruimte om te groeien.',
      location: 'Antwerpen, België',
    },
    fr: {
      title: 'Responsable administratif',
      expectation: 'Une formation en finance ou en administration et l’expérience de la direction de petites équipes.',
      function:
        'Vous supervisez les contrats, l’administration du personnel et le reporting des deux sociétés Redwall.',
      description:
        'En tant que responsable administratif, vous veillez à ce que les contrats, les données de paie et les rapports soient exacts et livrés à temps. Vous améliorez nos processus et nos outils et rendez compte à la direction.',
      offer:
        'Un contrat à durée indéterminée, une voiture de société, une assurance groupe et hospitalisation, et de la place pour évoluer.',
      location: 'Anvers, Belgique',
    },
  },
};

export const demoTextTranslations = {
  intro: {
    nl: {
      title: 'Beveiligingsintegraties sinds 2010',
      history:
        'Redwall begon in september 2010 als spin-off van de universiteit in Antwerpen. Wat startte als onderzoek naar publieke-sleutelinfrastructuur groeide uit tot een adviesbureau dat banken, overheden en de industrie vertrouwen.',
      body: 'We ontwerpen, bouwen en beveiligen de systemen waar onze klanten op rekenen: Java- en JavaScript-toepassingen, PKI en digitale handtekeningen, bedrijfscontinuïteit en noodherstel, en beveiligingsscans die zwaktes vinden voor anderen dat doen.',
    },
    fr: {
      title: 'Intégrations de sécurité depuis 2010',
      history:
        'Redwall a vu le jour en septembre 2010 comme spin-off universitaire à Anvers. Ce qui a commencé par des recherches sur l’infrastructure à clé publique est devenu un cabinet de conseil auquel font confiance des banques, des administrations et l’industrie.',
      body: 'Nous concevons, construisons et sécurisons les systèmes dont nos clients dépendent : applications Java et JavaScript, PKI et signatures électroniques, continuité d’activité et reprise après sinistre, et analyses de sécurité qui trouvent les faiblesses avant les autres.',
    },
  },
  masthead: {
    nl: {
      mastheadTitle: 'Beveiliging waarop u kunt bouwen',
      mastheadBody: 'Advies in Java, J2EE, JavaScript en PKI vanuit Antwerpen, België.',
    },
    fr: {
      mastheadTitle: 'Une sécurité sur laquelle bâtir',
      mastheadBody: 'Conseil en Java, J2EE, JavaScript et PKI depuis Anvers, en Belgique.',
    },
  },
} as const;
