import { Column, Entity, PrimaryColumn } from "typeorm";

/** Values generated at first start and kept across restarts (operator token hash, provider secret). */
@Entity("service_settings")
export class ServiceSetting {
  @PrimaryColumn({ type: "text" })
  key!: string;

  @Column({ type: "text" })
  value!: string;

  @Column({ name: "created_at", type: "timestamptz" })
  createdAt!: Date;
}
