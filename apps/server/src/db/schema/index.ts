export * from './auth';
export * from './content';
export * from './posts';
export * from './vacancies';
export * from './mail';
export * from './audit';
export * from './candidates';
