/** The collections' JSON Schema check: the one both runners use (shared/collections/schemaCheck.ts). */
export { collectionSchemaCheck as schemaValidator } from '../../shared/collections/schemaCheck.js';
