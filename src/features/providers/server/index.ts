/** What other features and workflows may use of providers: a provider's page and profile. */
export { preparePicture, updateProviderProfile, viewProvider } from './providers.service';
export { workPhotoKeys } from './work-photos.repo';
