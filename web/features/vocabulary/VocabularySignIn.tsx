import { useTranslation } from 'react-i18next';
import { SignInCard } from '../../components/SignInCard';

/** Nobody signed in (not even a guest): libraries belong to an account, so offer sign-in and come back. */
export function VocabularySignIn() {
  const { t } = useTranslation();
  return <SignInCard title={t('vocabulary.signInFirst')} />;
}
