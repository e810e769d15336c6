import { Link } from '@tanstack/react-router';
import { kycTexts } from '../texts';

export function SignInFirst({ from }: { from: string }) {
  return (
    <div className="space-y-4">
      <p className="text-ink-soft">{kycTexts.signInFirst}</p>
      <Link to="/auth/signin" search={{ redirect: from }} className="btn-primary">
        {kycTexts.signIn}
      </Link>
    </div>
  );
}
