#!/bin/sh
# Run once by docker compose (service minio-init) before the app starts: creates the bucket and the app's
# own MinIO user, limited by a policy to that bucket, so the app never holds MinIO's root credentials.
# Safe to run again: an existing bucket is kept, the policy and the user's secret are brought up to date.
set -eu

if [ "$S3_ACCESS_KEY_ID" = "$MINIO_ROOT_USER" ]; then
  echo "S3_ACCESS_KEY_ID must not be MINIO_ROOT_USER: the app gets a user of its own, limited to the bucket" >&2
  exit 1
fi

mc alias set workspace http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null
mc mb --ignore-existing "workspace/$S3_BUCKET"

cat > /tmp/workspace-app-policy.json <<POLICY
{
  "Version": "2012-10-17",
  "Statement": [
    { "Effect": "Allow", "Action": ["s3:GetBucketLocation", "s3:ListBucket"], "Resource": ["arn:aws:s3:::$S3_BUCKET"] },
    { "Effect": "Allow", "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"], "Resource": ["arn:aws:s3:::$S3_BUCKET/*"] }
  ]
}
POLICY
mc admin policy create workspace workspace-app /tmp/workspace-app-policy.json
mc admin user add workspace "$S3_ACCESS_KEY_ID" "$S3_SECRET_ACCESS_KEY"
# Attaching a policy the user already has is refused as "already in effect": not an error on a re-run.
mc admin policy attach workspace workspace-app --user "$S3_ACCESS_KEY_ID" || echo "policy workspace-app was already attached to $S3_ACCESS_KEY_ID"
echo "bucket $S3_BUCKET and user $S3_ACCESS_KEY_ID are ready"
