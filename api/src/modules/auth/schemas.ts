import { Type, type TSchema } from 'typebox';

export const MemberView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  type: Type.String(),
});

/** SPEC's sign-in answer, or (for a member with a second factor) the challenge of its second step. */
export const LoginAnswer = Type.Object({
  status: Type.Integer(),
  message: Type.String(),
  token: Type.Optional(Type.String()),
  jwtToken: Type.Optional(Type.String()),
  data: Type.Optional(MemberView),
  mfaRequired: Type.Optional(Type.Boolean()),
  challenge: Type.Optional(Type.String()),
  /** The second factors the member may answer the challenge with. */
  factors: Type.Optional(Type.Array(Type.String())),
  mfaEnrolmentRequired: Type.Optional(Type.Boolean()),
});

const CODE_REQUIRED = 'Please enter the code.';
const Code = Type.String({
  minLength: 6,
  maxLength: 20,
  pattern: '^[0-9a-fA-F -]+$',
  errorMessage: {
    required: CODE_REQUIRED,
    minLength: CODE_REQUIRED,
    pattern: 'code: enter the 6 digits or a recovery code.',
  },
});

const Challenge = Type.String({ minLength: 1, maxLength: 500 });

export const LoginMfaBody = Type.Object({ challenge: Challenge, code: Code });

export const ChallengeBody = Type.Object({ challenge: Challenge });

const Base64url = (maxLength: number) => Type.String({ maxLength, pattern: '^[A-Za-z0-9_-]*={0,2}$' });

/** A browser's answer to a WebAuthn ceremony (creation or assertion), as @simplewebauthn/browser sends it. */
const PasskeyResponse = Type.Object({
  id: Base64url(1400),
  rawId: Base64url(1400),
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: Base64url(4000),
    attestationObject: Type.Optional(Base64url(20_000)),
    authenticatorData: Type.Optional(Base64url(4000)),
    signature: Type.Optional(Base64url(1000)),
    userHandle: Type.Optional(Base64url(200)),
    transports: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 10 })),
  }),
  clientExtensionResults: Type.Object({}),
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 20 })),
});

export const PasskeyEnrolBody = Type.Object({
  response: PasskeyResponse,
  name: Type.Optional(Type.String({ maxLength: 100 })),
});

export const LoginPasskeyBody = Type.Object({ challenge: Challenge, response: PasskeyResponse });

export const CodeBody = Type.Object({ code: Code });

export const ReauthBody = Type.Union([
  Type.Object({ password: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
  Type.Object({ code: Code }, { additionalProperties: false }),
  Type.Object({ passkey: PasskeyResponse }, { additionalProperties: false }),
]);

const answer = <T extends Record<string, TSchema>>(fields: T) =>
  Type.Object({ status: Type.Integer(), message: Type.String(), ...fields });

export const Answer = answer({});

export const SessionView = Type.Object({
  id: Type.Integer(),
  device: Type.String(),
  browser: Type.String(),
  address: Type.String(),
  location: Type.String(),
  createdAt: Type.String(),
  lastSeenAt: Type.String(),
  endedAt: Type.Union([Type.String(), Type.Null()]),
  endReason: Type.Union([Type.String(), Type.Null()]),
  current: Type.Boolean(),
});

export const SessionsAnswer = answer({ data: Type.Optional(Type.Array(SessionView)) });
export const EndedAnswer = answer({ data: Type.Optional(Type.Object({ ended: Type.Integer() })) });
export const FactorsAnswer = answer({
  data: Type.Optional(
    Type.Object({
      totp: Type.Boolean(),
      passkeys: Type.Array(
        Type.Object({
          id: Type.Integer(),
          name: Type.String(),
          createdAt: Type.String(),
          lastUsedAt: Type.Union([Type.String(), Type.Null()]),
        }),
      ),
      recoveryCodesLeft: Type.Integer(),
    }),
  ),
});
/** Options for the browser's WebAuthn ceremony (navigator.credentials), as @simplewebauthn/server makes them. */
export const PasskeyOptionsAnswer = answer({ options: Type.Unknown() });
export const TotpStartAnswer = answer({ secret: Type.String(), otpauthUrl: Type.String() });
export const RecoveryCodesAnswer = answer({ recoveryCodes: Type.Array(Type.String()) });

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const MemberSessionParams = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  sessionId: Type.Integer({ minimum: 1 }),
});

export const SecurityPolicyBody = Type.Object(
  {
    mfaRoles: Type.Array(Type.String({ maxLength: 40 }), { maxItems: 10 }),
    idleMinutes: Type.Integer({ minimum: 1, maximum: 24 * 60 }),
    absoluteHours: Type.Integer({ minimum: 1, maximum: 24 * 7 }),
    allowedRanges: Type.Record(
      Type.String({ maxLength: 40 }),
      Type.Array(Type.String({ maxLength: 50 }), { maxItems: 50 }),
    ),
  },
  { additionalProperties: false },
);
export const SecurityPolicyAnswer = answer({ data: Type.Optional(SecurityPolicyBody) });
