package io.snowflakeid.quarkus.qute;

import io.quarkus.qute.TemplateInstance;
import io.snowflakeid.publicid.PublicId;

/** A template record (a type-safe template): its components are the template's data. */
public record AttackPage(@PublicId Long id) implements TemplateInstance {
}
