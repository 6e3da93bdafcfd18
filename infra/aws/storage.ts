import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  EventType,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { SqsDestination } from 'aws-cdk-lib/aws-s3-notifications';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { UPLOADS } from '../definitions.js';

export interface StorageProps {
  /** Receives ObjectCreated events for UPLOADS.prefix. */
  csvJobsQueue: IQueue;
}

/** The uploads bucket (CSV files → csv-jobs), the email-image bucket, and the bucket that collects access logs. */
export class Storage extends Construct {
  readonly uploads: Bucket;
  readonly logs: Bucket;
  /** Images in sellers' emails (EMAIL_IMAGES): private, read only by CloudFront at /email-images/*. */
  readonly emailImages: Bucket;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);

    this.logs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront standard logging writes with ACLs; S3 server access logging uses the bucket policy.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging its own access would write logs about logs without end.',
    });

    this.uploads = new Bucket(this, 'Uploads', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: false,
      serverAccessLogsBucket: this.logs,
      serverAccessLogsPrefix: 'uploads-bucket/',
      lifecycleRules: [
        {
          id: 'expire-uploads',
          prefix: UPLOADS.prefix,
          expiration: Duration.days(UPLOADS.expireAfterDays),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.emailImages = new Bucket(this, 'EmailImages', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: false,
      serverAccessLogsBucket: this.logs,
      serverAccessLogsPrefix: 'email-images-bucket/',
      // Sent emails keep pointing at their images: never expired, kept on stack deletion.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.uploads.addEventNotification(EventType.OBJECT_CREATED, new SqsDestination(props.csvJobsQueue), {
      prefix: UPLOADS.prefix,
    });
  }

  /**
   * Lets the web app's pages POST CSVs straight to the upload bucket (presigned POSTs, /upload/presign): POST from
   * that origin only. The policy of each POST, not CORS, is what limits the key, type and size.
   */
  allowBrowserUploads(webOrigin: string): void {
    this.uploads.addCorsRule({
      allowedMethods: [HttpMethods.POST],
      allowedOrigins: [webOrigin],
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag', 'Location'],
      maxAge: 3000,
    });
  }
}
