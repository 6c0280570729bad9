export interface paths {
  "/token": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a temporary token
     * @description Exchanges the server's user and password (HTTP Basic) for a token to send as Authorization: Bearer <token> on every other route.
     */
    get: operations["getToken"];
    /**
     * PUT is not allowed
     * @description This path takes GET, DELETE; PUT is answered 405, with or without credentials.
     */
    put: operations["putToken"];
    /**
     * POST is not allowed
     * @description This path takes GET, DELETE; POST is answered 405, with or without credentials.
     */
    post: operations["postToken"];
    /**
     * Revoke the token presented
     * @description Revokes the Bearer token of this request, temporary or permanent: later requests with it are 401 UNKNOWN_TOKEN.
     */
    delete: operations["deleteToken"];
    /**
     * OPTIONS is not allowed
     * @description This path takes GET, DELETE; OPTIONS is answered 405, with or without credentials.
     */
    options: operations["optionsToken"];
    /**
     * HEAD is not allowed
     * @description This path takes GET, DELETE; HEAD is answered 405, with or without credentials. A token made for an answer without a body could never be used, and would spend the user's token rate.
     */
    head: operations["headToken"];
    /**
     * PATCH is not allowed
     * @description This path takes GET, DELETE; PATCH is answered 405, with or without credentials.
     */
    patch: operations["patchToken"];
    /**
     * TRACE is not allowed
     * @description This path takes GET, DELETE; TRACE is answered 405, with or without credentials.
     */
    trace: operations["traceToken"];
  };
  "/projects": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the projects
     * @description The projects that where keeps, each projected by fields. A page of at most size records, with links to the pages around it.
     */
    get: operations["listProjects"];
    /**
     * PUT is not allowed
     * @description This path takes GET, HEAD; PUT is answered 405, with or without credentials.
     */
    put: operations["putProjects"];
    /**
     * POST is not allowed
     * @description This path takes GET, HEAD; POST is answered 405, with or without credentials.
     */
    post: operations["postProjects"];
    /**
     * DELETE is not allowed
     * @description This path takes GET, HEAD; DELETE is answered 405, with or without credentials.
     */
    delete: operations["deleteProjects"];
    /**
     * OPTIONS is not allowed
     * @description This path takes GET, HEAD; OPTIONS is answered 405, with or without credentials.
     */
    options: operations["optionsProjects"];
    /**
     * List the projects: the headers alone
     * @description The answer a GET of the same request gets, without its body: the same status and headers.
     */
    head: operations["listProjectsHead"];
    /**
     * PATCH is not allowed
     * @description This path takes GET, HEAD; PATCH is answered 405, with or without credentials.
     */
    patch: operations["patchProjects"];
    /**
     * TRACE is not allowed
     * @description This path takes GET, HEAD; TRACE is answered 405, with or without credentials.
     */
    trace: operations["traceProjects"];
  };
  "/projects/{projectId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get one project
     * @description The project whose id is given, projected by fields.
     */
    get: operations["getProject"];
    /**
     * PUT is not allowed
     * @description This path takes GET, HEAD; PUT is answered 405, with or without credentials.
     */
    put: operations["putProject"];
    /**
     * POST is not allowed
     * @description This path takes GET, HEAD; POST is answered 405, with or without credentials.
     */
    post: operations["postProject"];
    /**
     * DELETE is not allowed
     * @description This path takes GET, HEAD; DELETE is answered 405, with or without credentials.
     */
    delete: operations["deleteProject"];
    /**
     * OPTIONS is not allowed
     * @description This path takes GET, HEAD; OPTIONS is answered 405, with or without credentials.
     */
    options: operations["optionsProject"];
    /**
     * Get one project: the headers alone
     * @description The answer a GET of the same request gets, without its body: the same status and headers.
     */
    head: operations["getProjectHead"];
    /**
     * PATCH is not allowed
     * @description This path takes GET, HEAD; PATCH is answered 405, with or without credentials.
     */
    patch: operations["patchProject"];
    /**
     * TRACE is not allowed
     * @description This path takes GET, HEAD; TRACE is answered 405, with or without credentials.
     */
    trace: operations["traceProject"];
  };
  "/projects/{projectName}/artefacts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the artefacts of a project
     * @description The artefacts of the project with that name that where keeps, each projected by fields. A page of at most size records, with links to the pages around it.
     */
    get: operations["listProjectArtefacts"];
    /**
     * PUT is not allowed
     * @description This path takes GET, HEAD; PUT is answered 405, with or without credentials.
     */
    put: operations["putProjectArtefacts"];
    /**
     * POST is not allowed
     * @description This path takes GET, HEAD; POST is answered 405, with or without credentials.
     */
    post: operations["postProjectArtefacts"];
    /**
     * DELETE is not allowed
     * @description This path takes GET, HEAD; DELETE is answered 405, with or without credentials.
     */
    delete: operations["deleteProjectArtefacts"];
    /**
     * OPTIONS is not allowed
     * @description This path takes GET, HEAD; OPTIONS is answered 405, with or without credentials.
     */
    options: operations["optionsProjectArtefacts"];
    /**
     * List the artefacts of a project: the headers alone
     * @description The answer a GET of the same request gets, without its body: the same status and headers.
     */
    head: operations["listProjectArtefactsHead"];
    /**
     * PATCH is not allowed
     * @description This path takes GET, HEAD; PATCH is answered 405, with or without credentials.
     */
    patch: operations["patchProjectArtefacts"];
    /**
     * TRACE is not allowed
     * @description This path takes GET, HEAD; TRACE is answered 405, with or without credentials.
     */
    trace: operations["traceProjectArtefacts"];
  };
  "/artefacts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the artefacts
     * @description The artefacts that where keeps, each projected by fields. A page of at most size records, with links to the pages around it.
     */
    get: operations["listArtefacts"];
    /**
     * PUT is not allowed
     * @description This path takes GET, HEAD; PUT is answered 405, with or without credentials.
     */
    put: operations["putArtefacts"];
    /**
     * POST is not allowed
     * @description This path takes GET, HEAD; POST is answered 405, with or without credentials.
     */
    post: operations["postArtefacts"];
    /**
     * DELETE is not allowed
     * @description This path takes GET, HEAD; DELETE is answered 405, with or without credentials.
     */
    delete: operations["deleteArtefacts"];
    /**
     * OPTIONS is not allowed
     * @description This path takes GET, HEAD; OPTIONS is answered 405, with or without credentials.
     */
    options: operations["optionsArtefacts"];
    /**
     * List the artefacts: the headers alone
     * @description The answer a GET of the same request gets, without its body: the same status and headers.
     */
    head: operations["listArtefactsHead"];
    /**
     * PATCH is not allowed
     * @description This path takes GET, HEAD; PATCH is answered 405, with or without credentials.
     */
    patch: operations["patchArtefacts"];
    /**
     * TRACE is not allowed
     * @description This path takes GET, HEAD; TRACE is answered 405, with or without credentials.
     */
    trace: operations["traceArtefacts"];
  };
  "/artefacts/{artefactId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get one artefact
     * @description The artefact whose id is given, projected by fields.
     */
    get: operations["getArtefact"];
    /**
     * PUT is not allowed
     * @description This path takes GET, HEAD; PUT is answered 405, with or without credentials.
     */
    put: operations["putArtefact"];
    /**
     * POST is not allowed
     * @description This path takes GET, HEAD; POST is answered 405, with or without credentials.
     */
    post: operations["postArtefact"];
    /**
     * DELETE is not allowed
     * @description This path takes GET, HEAD; DELETE is answered 405, with or without credentials.
     */
    delete: operations["deleteArtefact"];
    /**
     * OPTIONS is not allowed
     * @description This path takes GET, HEAD; OPTIONS is answered 405, with or without credentials.
     */
    options: operations["optionsArtefact"];
    /**
     * Get one artefact: the headers alone
     * @description The answer a GET of the same request gets, without its body: the same status and headers.
     */
    head: operations["getArtefactHead"];
    /**
     * PATCH is not allowed
     * @description This path takes GET, HEAD; PATCH is answered 405, with or without credentials.
     */
    patch: operations["patchArtefact"];
    /**
     * TRACE is not allowed
     * @description This path takes GET, HEAD; TRACE is answered 405, with or without credentials.
     */
    trace: operations["traceArtefact"];
  };
  "/artefacts/{artefactId}/findings": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the findings in an artefact
     * @description The findings located in that artefact or below it that where keeps, each projected by fields. A page of at most size records, with links to the pages around it.
     */
    get: operations["listArtefactFindings"];
    /**
     * PUT is not allowed
     * @description This path takes GET, HEAD; PUT is answered 405, with or without credentials.
     */
    put: operations["putArtefactFindings"];
    /**
     * POST is not allowed
     * @description This path takes GET, HEAD; POST is answered 405, with or without credentials.
     */
    post: operations["postArtefactFindings"];
    /**
     * DELETE is not allowed
     * @description This path takes GET, HEAD; DELETE is answered 405, with or without credentials.
     */
    delete: operations["deleteArtefactFindings"];
    /**
     * OPTIONS is not allowed
     * @description This path takes GET, HEAD; OPTIONS is answered 405, with or without credentials.
     */
    options: operations["optionsArtefactFindings"];
    /**
     * List the findings in an artefact: the headers alone
     * @description The answer a GET of the same request gets, without its body: the same status and headers.
     */
    head: operations["listArtefactFindingsHead"];
    /**
     * PATCH is not allowed
     * @description This path takes GET, HEAD; PATCH is answered 405, with or without credentials.
     */
    patch: operations["patchArtefactFindings"];
    /**
     * TRACE is not allowed
     * @description This path takes GET, HEAD; TRACE is answered 405, with or without credentials.
     */
    trace: operations["traceArtefactFindings"];
  };
  "/artefacts/{artefactId}/query": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * GET is not allowed
     * @description This path takes POST; GET is answered 405, with or without credentials.
     */
    get: operations["getArtefactQuery"];
    /**
     * PUT is not allowed
     * @description This path takes POST; PUT is answered 405, with or without credentials.
     */
    put: operations["putArtefactQuery"];
    /**
     * Run a query definition from an artefact
     * @description Runs the query definition of the body over the artefacts below (or linked to) this artefact: which ones, in which order, how many, and which columns (grammar/language.md 8).
     */
    post: operations["queryArtefact"];
    /**
     * DELETE is not allowed
     * @description This path takes POST; DELETE is answered 405, with or without credentials.
     */
    delete: operations["deleteArtefactQuery"];
    /**
     * OPTIONS is not allowed
     * @description This path takes POST; OPTIONS is answered 405, with or without credentials.
     */
    options: operations["optionsArtefactQuery"];
    /**
     * HEAD is not allowed
     * @description This path takes POST; HEAD is answered 405, with or without credentials.
     */
    head: operations["headArtefactQuery"];
    /**
     * PATCH is not allowed
     * @description This path takes POST; PATCH is answered 405, with or without credentials.
     */
    patch: operations["patchArtefactQuery"];
    /**
     * TRACE is not allowed
     * @description This path takes POST; TRACE is answered 405, with or without credentials.
     */
    trace: operations["traceArtefactQuery"];
  };
  "/findings": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the findings
     * @description The findings that where keeps, each projected by fields. A page of at most size records, with links to the pages around it.
     */
    get: operations["listFindings"];
    /**
     * PUT is not allowed
     * @description This path takes GET, HEAD; PUT is answered 405, with or without credentials.
     */
    put: operations["putFindings"];
    /**
     * POST is not allowed
     * @description This path takes GET, HEAD; POST is answered 405, with or without credentials.
     */
    post: operations["postFindings"];
    /**
     * DELETE is not allowed
     * @description This path takes GET, HEAD; DELETE is answered 405, with or without credentials.
     */
    delete: operations["deleteFindings"];
    /**
     * OPTIONS is not allowed
     * @description This path takes GET, HEAD; OPTIONS is answered 405, with or without credentials.
     */
    options: operations["optionsFindings"];
    /**
     * List the findings: the headers alone
     * @description The answer a GET of the same request gets, without its body: the same status and headers.
     */
    head: operations["listFindingsHead"];
    /**
     * PATCH is not allowed
     * @description This path takes GET, HEAD; PATCH is answered 405, with or without credentials.
     */
    patch: operations["patchFindings"];
    /**
     * TRACE is not allowed
     * @description This path takes GET, HEAD; TRACE is answered 405, with or without credentials.
     */
    trace: operations["traceFindings"];
  };
  "/findings/{findingId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get one finding
     * @description The finding whose id is given, projected by fields.
     */
    get: operations["getFinding"];
    /**
     * PUT is not allowed
     * @description This path takes GET, HEAD; PUT is answered 405, with or without credentials.
     */
    put: operations["putFinding"];
    /**
     * POST is not allowed
     * @description This path takes GET, HEAD; POST is answered 405, with or without credentials.
     */
    post: operations["postFinding"];
    /**
     * DELETE is not allowed
     * @description This path takes GET, HEAD; DELETE is answered 405, with or without credentials.
     */
    delete: operations["deleteFinding"];
    /**
     * OPTIONS is not allowed
     * @description This path takes GET, HEAD; OPTIONS is answered 405, with or without credentials.
     */
    options: operations["optionsFinding"];
    /**
     * Get one finding: the headers alone
     * @description The answer a GET of the same request gets, without its body: the same status and headers.
     */
    head: operations["getFindingHead"];
    /**
     * PATCH is not allowed
     * @description This path takes GET, HEAD; PATCH is answered 405, with or without credentials.
     */
    patch: operations["patchFinding"];
    /**
     * TRACE is not allowed
     * @description This path takes GET, HEAD; TRACE is answered 405, with or without credentials.
     */
    trace: operations["traceFinding"];
  };
  "/models": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the models
     * @description The models that where keeps, each projected by fields. A page of at most size records, with links to the pages around it.
     */
    get: operations["listModels"];
    /**
     * PUT is not allowed
     * @description This path takes GET, HEAD; PUT is answered 405, with or without credentials.
     */
    put: operations["putModels"];
    /**
     * POST is not allowed
     * @description This path takes GET, HEAD; POST is answered 405, with or without credentials.
     */
    post: operations["postModels"];
    /**
     * DELETE is not allowed
     * @description This path takes GET, HEAD; DELETE is answered 405, with or without credentials.
     */
    delete: operations["deleteModels"];
    /**
     * OPTIONS is not allowed
     * @description This path takes GET, HEAD; OPTIONS is answered 405, with or without credentials.
     */
    options: operations["optionsModels"];
    /**
     * List the models: the headers alone
     * @description The answer a GET of the same request gets, without its body: the same status and headers.
     */
    head: operations["listModelsHead"];
    /**
     * PATCH is not allowed
     * @description This path takes GET, HEAD; PATCH is answered 405, with or without credentials.
     */
    patch: operations["patchModels"];
    /**
     * TRACE is not allowed
     * @description This path takes GET, HEAD; TRACE is answered 405, with or without credentials.
     */
    trace: operations["traceModels"];
  };
  "/models/{modelId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get one model
     * @description The model whose id is given, projected by fields.
     */
    get: operations["getModel"];
    /**
     * PUT is not allowed
     * @description This path takes GET, HEAD; PUT is answered 405, with or without credentials.
     */
    put: operations["putModel"];
    /**
     * POST is not allowed
     * @description This path takes GET, HEAD; POST is answered 405, with or without credentials.
     */
    post: operations["postModel"];
    /**
     * DELETE is not allowed
     * @description This path takes GET, HEAD; DELETE is answered 405, with or without credentials.
     */
    delete: operations["deleteModel"];
    /**
     * OPTIONS is not allowed
     * @description This path takes GET, HEAD; OPTIONS is answered 405, with or without credentials.
     */
    options: operations["optionsModel"];
    /**
     * Get one model: the headers alone
     * @description The answer a GET of the same request gets, without its body: the same status and headers.
     */
    head: operations["getModelHead"];
    /**
     * PATCH is not allowed
     * @description This path takes GET, HEAD; PATCH is answered 405, with or without credentials.
     */
    patch: operations["patchModel"];
    /**
     * TRACE is not allowed
     * @description This path takes GET, HEAD; TRACE is answered 405, with or without credentials.
     */
    trace: operations["traceModel"];
  };
  "/versions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the versions
     * @description The versions that where keeps, each projected by fields. A page of at most size records, with links to the pages around it.
     */
    get: operations["listVersions"];
    /**
     * PUT is not allowed
     * @description This path takes GET, HEAD; PUT is answered 405, with or without credentials.
     */
    put: operations["putVersions"];
    /**
     * POST is not allowed
     * @description This path takes GET, HEAD; POST is answered 405, with or without credentials.
     */
    post: operations["postVersions"];
    /**
     * DELETE is not allowed
     * @description This path takes GET, HEAD; DELETE is answered 405, with or without credentials.
     */
    delete: operations["deleteVersions"];
    /**
     * OPTIONS is not allowed
     * @description This path takes GET, HEAD; OPTIONS is answered 405, with or without credentials.
     */
    options: operations["optionsVersions"];
    /**
     * List the versions: the headers alone
     * @description The answer a GET of the same request gets, without its body: the same status and headers.
     */
    head: operations["listVersionsHead"];
    /**
     * PATCH is not allowed
     * @description This path takes GET, HEAD; PATCH is answered 405, with or without credentials.
     */
    patch: operations["patchVersions"];
    /**
     * TRACE is not allowed
     * @description This path takes GET, HEAD; TRACE is answered 405, with or without credentials.
     */
    trace: operations["traceVersions"];
  };
  "/versions/{versionId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get one version
     * @description The version whose id is given, projected by fields.
     */
    get: operations["getVersion"];
    /**
     * PUT is not allowed
     * @description This path takes GET, HEAD; PUT is answered 405, with or without credentials.
     */
    put: operations["putVersion"];
    /**
     * POST is not allowed
     * @description This path takes GET, HEAD; POST is answered 405, with or without credentials.
     */
    post: operations["postVersion"];
    /**
     * DELETE is not allowed
     * @description This path takes GET, HEAD; DELETE is answered 405, with or without credentials.
     */
    delete: operations["deleteVersion"];
    /**
     * OPTIONS is not allowed
     * @description This path takes GET, HEAD; OPTIONS is answered 405, with or without credentials.
     */
    options: operations["optionsVersion"];
    /**
     * Get one version: the headers alone
     * @description The answer a GET of the same request gets, without its body: the same status and headers.
     */
    head: operations["getVersionHead"];
    /**
     * PATCH is not allowed
     * @description This path takes GET, HEAD; PATCH is answered 405, with or without credentials.
     */
    patch: operations["patchVersion"];
    /**
     * TRACE is not allowed
     * @description This path takes GET, HEAD; TRACE is answered 405, with or without credentials.
     */
    trace: operations["traceVersion"];
  };
  "/versions/{versionId}/artefacts/{artefactId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get one artefact as analysed in a version
     * @description The artefact whose id is given, projected by fields, when the version is the one its project's records were analysed in (the project's versionId).
     */
    get: operations["getVersionArtefact"];
    /**
     * PUT is not allowed
     * @description This path takes GET, HEAD; PUT is answered 405, with or without credentials.
     */
    put: operations["putVersionArtefact"];
    /**
     * POST is not allowed
     * @description This path takes GET, HEAD; POST is answered 405, with or without credentials.
     */
    post: operations["postVersionArtefact"];
    /**
     * DELETE is not allowed
     * @description This path takes GET, HEAD; DELETE is answered 405, with or without credentials.
     */
    delete: operations["deleteVersionArtefact"];
    /**
     * OPTIONS is not allowed
     * @description This path takes GET, HEAD; OPTIONS is answered 405, with or without credentials.
     */
    options: operations["optionsVersionArtefact"];
    /**
     * Get one artefact as analysed in a version: the headers alone
     * @description The answer a GET of the same request gets, without its body: the same status and headers.
     */
    head: operations["getVersionArtefactHead"];
    /**
     * PATCH is not allowed
     * @description This path takes GET, HEAD; PATCH is answered 405, with or without credentials.
     */
    patch: operations["patchVersionArtefact"];
    /**
     * TRACE is not allowed
     * @description This path takes GET, HEAD; TRACE is answered 405, with or without credentials.
     */
    trace: operations["traceVersionArtefact"];
  };
  "/dump": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get every record seen, as a dump
     * @description Every record of every resource the token's user sees, whole as the user may see it, in the answer's language: the dump format qaql filter reads. It takes no where, fields, page or size (400 UNSUPPORTED_PARAMETER): the lists filter, select and page.
     */
    get: operations["getDump"];
    /**
     * PUT is not allowed
     * @description This path takes GET, HEAD; PUT is answered 405, with or without credentials.
     */
    put: operations["putDump"];
    /**
     * POST is not allowed
     * @description This path takes GET, HEAD; POST is answered 405, with or without credentials.
     */
    post: operations["postDump"];
    /**
     * DELETE is not allowed
     * @description This path takes GET, HEAD; DELETE is answered 405, with or without credentials.
     */
    delete: operations["deleteDump"];
    /**
     * OPTIONS is not allowed
     * @description This path takes GET, HEAD; OPTIONS is answered 405, with or without credentials.
     */
    options: operations["optionsDump"];
    /**
     * Get every record seen, as a dump: the headers alone
     * @description The answer a GET of the same request gets, without its body: the same status and headers.
     */
    head: operations["getDumpHead"];
    /**
     * PATCH is not allowed
     * @description This path takes GET, HEAD; PATCH is answered 405, with or without credentials.
     */
    patch: operations["patchDump"];
    /**
     * TRACE is not allowed
     * @description This path takes GET, HEAD; TRACE is answered 405, with or without credentials.
     */
    trace: operations["traceDump"];
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Project: {
      id?: number | null;
      name?: string | null;
      ownerId?: number | null;
      versionId?: number | null;
      color?: number | null;
      status?: string | null;
      group?: string | null;
      creationTime?: number | null;
      artefactId?: number | null;
      rating?: string | null;
      modelUId?: string | null;
      analysisTime?: string | null;
      level?: {
        id?: string | null;
      } | null;
      branches?:
        | ({
            id?: number | null;
            name?: string | null;
            versionId?: number | null;
          } | null)[]
        | null;
      /** @description Links to this record and to what it names, by name (self, artefacts, …). */
      _links?: {
        [key: string]: components["schemas"]["Link"];
      };
    };
    Artefact: {
      id?: number | null;
      name?: string | null;
      path?: string | null;
      type?: {
        id?: string | null;
      } | null;
      rank?: number | null;
      projectId?: number | null;
      parentId?: number | null;
      rating?: string | null;
      measures?: {
        LOC?: number | null;
        FILES?: number | null;
        CC?: number | null;
        COMMENTS?: number | null;
        DUPLICATION?: number | null;
        FUNCTIONS?: number | null;
      } | null;
      indicators?: {
        MAINTAINABILITY?: {
          rank?: number | null;
          level?: string | null;
          mnemonic?: string | null;
        } | null;
        RELIABILITY?: {
          rank?: number | null;
          level?: string | null;
          mnemonic?: string | null;
        } | null;
        COMPLEXITY?: {
          rank?: number | null;
          level?: string | null;
          mnemonic?: string | null;
        } | null;
        SECURITY?: {
          rank?: number | null;
          level?: string | null;
          mnemonic?: string | null;
        } | null;
      } | null;
      infos?: {
        LANGUAGE?: string | null;
        LICENSE?: string | null;
        REPOSITORY?: string | null;
        AUTHOR?: string | null;
        ENCODING?: string | null;
      } | null;
      links?: {
        IMPORTS?: (number | null)[] | null;
        DEPENDS_ON?: (number | null)[] | null;
        CALLS?: (number | null)[] | null;
        INHERITS?: (number | null)[] | null;
      } | null;
      /** @description Links to this record and to what it names, by name (self, artefacts, …). */
      _links?: {
        [key: string]: components["schemas"]["Link"];
      };
    };
    Finding: {
      id?: number | null;
      tool?: string | null;
      status?: string | null;
      readOnly?: boolean | null;
      suspicious?: boolean | null;
      definition?: {
        id?: string | null;
        name?: string | null;
        description?: string | null;
        categories?:
          | ({
              id?: string | null;
              level?: {
                id?: string | null;
                name?: string | null;
              } | null;
              scale?: {
                name?: string | null;
              } | null;
            } | null)[]
          | null;
        families?: (string | null)[] | null;
      } | null;
      locations?:
        | ({
            artefactId?: number | null;
            line?: number | null;
            column?: number | null;
          } | null)[]
        | null;
      projectId?: number | null;
      creationDate?: string | null;
      /** @description Links to this record and to what it names, by name (self, artefacts, …). */
      _links?: {
        [key: string]: components["schemas"]["Link"];
      };
    };
    Model: {
      id?: string | null;
      name?: string | null;
      /** @description Links to this record and to what it names, by name (self, artefacts, …). */
      _links?: {
        [key: string]: components["schemas"]["Link"];
      };
    };
    Version: {
      id?: number | null;
      projectId?: number | null;
      name?: string | null;
      /** @description Links to this record and to what it names, by name (self, artefacts, …). */
      _links?: {
        [key: string]: components["schemas"]["Link"];
      };
    };
    ProjectList: {
      _links: components["schemas"]["Links"];
      /** @description The page's records, each projected by fields when given. */
      projects: components["schemas"]["Project"][];
    };
    ArtefactList: {
      _links: components["schemas"]["Links"];
      /** @description The page's records, each projected by fields when given. */
      artefacts: components["schemas"]["Artefact"][];
    };
    FindingList: {
      _links: components["schemas"]["Links"];
      /** @description The page's records, each projected by fields when given. */
      findings: components["schemas"]["Finding"][];
    };
    ModelList: {
      _links: components["schemas"]["Links"];
      /** @description The page's records, each projected by fields when given. */
      models: components["schemas"]["Model"][];
    };
    VersionList: {
      _links: components["schemas"]["Links"];
      /** @description The page's records, each projected by fields when given. */
      versions: components["schemas"]["Version"][];
    };
    Link: {
      /** @description The request's URL with its page and size set; relative unless configured. */
      href: string;
    };
    /** @description Links to this page and its neighbours: previous where page > 1, next where page < last. */
    Links: {
      self: components["schemas"]["Link"];
      first: components["schemas"]["Link"];
      last: components["schemas"]["Link"];
      /** @description The page before, when there is one. */
      previous?: components["schemas"]["Link"];
      /** @description The page after, when there is one. */
      next?: components["schemas"]["Link"];
    };
    Token: {
      /** @description Sent back as Authorization: Bearer <token>. */
      token: string;
      /** @constant */
      tokenType: "Bearer";
      /**
       * @description The seconds the token lives after its issue.
       * @example 3600
       */
      expiresIn: number;
      /**
       * @description The seconds the token lives without a request.
       * @example 900
       */
      idleTimeout: number;
    };
    Error: {
      /** @description The HTTP status of the answer, repeated. */
      status: number;
      /** @description The status's reason phrase, such as "Bad Request". */
      error: string;
      /** @description The stable code of the error (INVALID_SIZE, UNEXPECTED_TOKEN, UNKNOWN_FIELD, NOT_ACCEPTABLE, …): what a program reads. */
      code: string;
      /** @description One line for people; not part of the contract. */
      message: string;
      /**
       * @description The query parameter whose value `input` is.
       * @enum {string}
       */
      parameter?: "where" | "fields" | "page" | "size";
      /** @description Where the problem starts, in UTF-16 code units from 0. */
      offset?: number;
      /** @description How long the problem is, in UTF-16 code units. */
      length?: number;
      /** @description The line, from 1. */
      line?: number;
      /** @description The column, from 1, in UTF-16 code units. */
      column?: number;
      /** @description The parameter's value, percent-decoded. */
      input?: string;
      /** @description The whole message: the line of input and a caret under the problem. */
      diagnostic?: string;
      /** @description For a syntax error: what would have been accepted at that place. */
      expected?: string[];
      /** @description For a filter or selection that does not fit the schema: its problems, the first 100 of them. */
      issues?: {
        /** @description UNKNOWN_FIELD, PATH_THROUGH_ARRAY, ARRAY_FIELD, OBJECT_FIELD, INVALID_VALUE, BOOLEAN_ORDERING, PATTERN_ON_NON_STRING or SCALAR_SUBSELECTION. */
        code: string;
        message: string;
        /** @description Where the text at fault starts, in UTF-16 code units from 0. */
        offset: number;
        /** @description How long the text at fault is, in UTF-16 code units. */
        length: number;
        /** @description The line, from 1. */
        line: number;
        /** @description The column, from 1, in UTF-16 code units. */
        column: number;
        /** @description For an unknown field: the known path it most likely stands for. */
        suggestion?: string;
      }[];
      /** @description Present when more than 100 issues were found: how many, of which `issues` lists the first 100. */
      issueCount?: number;
      /**
       * @description Present, and true, when `issues` lists only the first of the issues found.
       * @constant
       */
      truncated?: true;
      /** @description The request header the error is about: `timezone` for UNKNOWN_TIME_ZONE. */
      header?: string;
      /** @description The unknown time zone name. */
      timeZone?: string;
      /** @description For NOT_ACCEPTABLE: the media types served. */
      supported?: string[];
      /**
       * Format: date-time
       * @description For TOKEN_EXPIRED and TOKEN_IDLE: when the token died.
       */
      expiredAt?: string;
      /** @description For TOO_MANY_TOKEN_REQUESTS: the seconds to wait. */
      retryAfter?: number;
      /** @description For BODY_TOO_LARGE: the largest body read. */
      maxBytes?: number;
    };
    /** @description The table of grammar/language.md 8.8: one row per artefact. */
    QueryResult: {
      columns: {
        /** @description Names the column's cells: TYPE:ID, INDICATOR:ID:DISPLAY, #2… on repeats. */
        key: string;
        /** @enum {string} */
        type: "MEASURE" | "INDICATOR" | "INFO";
        id: string;
        /**
         * @description Indicator columns only.
         * @enum {string}
         */
        displayType?: "NAME" | "RANK" | "ICON" | "MNEMONIC";
        excludingTypes: string[];
      }[];
      rows: {
        id: number | string;
        name: string | null;
        /** @description The artefact type's id. */
        type: string | null;
        /** @description Absent with hidePath. */
        path?: string | null;
        /** @description Absent with hideRating. */
        rating?: string | null;
        /** @description By column key: null where the artefact lacks the value, absent where the column excludes its type. */
        cells: {
          [key: string]:
            | (number | string | null)
            | {
                value: number | string;
                /** @description rgba(r,g,b,a) */
                background: string;
              };
        };
      }[];
      /** @description The rows matching before resultSize cut them. */
      total: number;
    };
    QueryDefinitionError: {
      /** @description The HTTP status of the answer, repeated. */
      status: number;
      /** @description The status's reason phrase, such as "Bad Request". */
      error: string;
      /** @description The stable code of the error (INVALID_SIZE, UNEXPECTED_TOKEN, UNKNOWN_FIELD, NOT_ACCEPTABLE, …): what a program reads. */
      code: string;
      /** @description One line for people; not part of the contract. */
      message: string;
      /** @description The JSON Pointer of the first issue's member. */
      pointer?: string;
      /** @description The problems in document order, the first 100 of them. */
      issues?: {
        code: string;
        message: string;
        /** @description The RFC 6901 JSON Pointer of the member at fault ("/filters/0/data/bounds/1"; "" for the whole definition). */
        pointer: string;
        /** @description Where an interval or pattern is at fault: that string. */
        text?: string;
        /** @description Where the problem in `text` starts, in UTF-16 code units from 0. */
        offset?: number;
        /** @description How long the problem in `text` is, in UTF-16 code units. */
        length?: number;
      }[];
      /** @description Present when more than 100 issues were found: how many, of which `issues` lists the first 100. */
      issueCount?: number;
      /**
       * @description Present, and true, when `issues` lists only the first of the issues found.
       * @constant
       */
      truncated?: true;
    };
  };
  responses: {
    /** @description The request is wrong: a where or fields that does not parse or fit the schema (UNEXPECTED_TOKEN, UNKNOWN_FIELD, INPUT_TOO_LONG, …), a page or size that is no whole number from 1 or is too large (INVALID_PAGE, INVALID_SIZE, SIZE_TOO_LARGE), a parameter given twice (REPEATED_PARAMETER), broken percent-encoding in the query (MALFORMED_ENCODING) or in a path segment (MALFORMED_URL), or an unknown timezone header (UNKNOWN_TIME_ZONE), or a list parameter sent to /dump (UNSUPPORTED_PARAMETER). An error in a parameter gives the parameter, the position and a caret diagnostic. */
    BadRequest: {
      headers: {
        "Cache-Control": components["headers"]["Cache-Control"];
        Vary: components["headers"]["Vary"];
        [name: string]: unknown;
      };
      content: {
        "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
        "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description A path segment holds a broken percent-escape (MALFORMED_URL). */
    MalformedUrl: {
      headers: {
        "Cache-Control": components["headers"]["Cache-Control"];
        Vary: components["headers"]["Vary"];
        [name: string]: unknown;
      };
      content: {
        "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
        "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description No credentials (MISSING_CREDENTIALS), another scheme than Basic (WRONG_SCHEME), credentials that are not base64 of user:password (MALFORMED_CREDENTIALS), or a wrong user or password (WRONG_CREDENTIALS). */
    BadCredentials: {
      headers: {
        "Cache-Control": components["headers"]["Cache-Control"];
        Vary: components["headers"]["Vary"];
        "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
        [name: string]: unknown;
      };
      content: {
        "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
        "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description No token (MISSING_TOKEN), one this server did not issue or has revoked (UNKNOWN_TOKEN), or another scheme than Bearer (WRONG_SCHEME). */
    Unauthorized: {
      headers: {
        "Cache-Control": components["headers"]["Cache-Control"];
        Vary: components["headers"]["Vary"];
        "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
        [name: string]: unknown;
      };
      content: {
        "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
        "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description The token expired an hour after its issue (TOKEN_EXPIRED) or went 15 minutes without a request (TOKEN_IDLE): get a new one from GET /token. */
    Forbidden: {
      headers: {
        "Cache-Control": components["headers"]["Cache-Control"];
        Vary: components["headers"]["Vary"];
        "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
        [name: string]: unknown;
      };
      content: {
        "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
        "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description No such record (NOT_FOUND). */
    NotFound: {
      headers: {
        "Cache-Control": components["headers"]["Cache-Control"];
        Vary: components["headers"]["Vary"];
        [name: string]: unknown;
      };
      content: {
        "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
        "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description The Accept header accepts none of the media types served (NOT_ACCEPTABLE); the body, in application/json, lists them in `supported`. */
    NotAcceptable: {
      headers: {
        "Cache-Control": components["headers"]["Cache-Control"];
        Vary: components["headers"]["Vary"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description The Accept or Accept-Language header is longer than 1024 characters (HEADER_TOO_LARGE), or the headers together are larger than 256 KiB (MALFORMED_REQUEST). */
    HeaderTooLarge: {
      headers: {
        "Cache-Control": components["headers"]["Cache-Control"];
        Vary: components["headers"]["Vary"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description Too many tokens asked for by this user (TOO_MANY_TOKEN_REQUESTS): a user gets 20 at once, then 60 a minute; or too many wrong passwords (TOO_MANY_LOGIN_ATTEMPTS): past 5 for one user name from one address, 20 from one address or 100 for one name, each next attempt waits twice as long, from 1 s up to 15 minutes. */
    TooManyTokenRequests: {
      headers: {
        "Cache-Control": components["headers"]["Cache-Control"];
        Vary: components["headers"]["Vary"];
        "Retry-After": components["headers"]["Retry-After"];
        [name: string]: unknown;
      };
      content: {
        "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
        "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description This client took its share of the server (TOO_MANY_REQUESTS): 1 s of its time at once, then 100 ms a second, 2 requests answered and 32 waiting at once, unless the server says otherwise; a request waits up to 5 s for its turn before it is refused. */
    TooManyRequests: {
      headers: {
        "Cache-Control": components["headers"]["Cache-Control"];
        Vary: components["headers"]["Vary"];
        "Retry-After": components["headers"]["Retry-After"];
        [name: string]: unknown;
      };
      content: {
        "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
        "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description The server failed (INTERNAL_ERROR); the body says no more. */
    InternalError: {
      headers: {
        "Cache-Control": components["headers"]["Cache-Control"];
        Vary: components["headers"]["Vary"];
        [name: string]: unknown;
      };
      content: {
        "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
        "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
        "application/json": components["schemas"]["Error"];
      };
    };
  };
  parameters: {
    /** @description Which records the list keeps: a filter in qaql's where language (grammar/language.md 2 in the qaql package). Predicates on the resource's fields (`path=value` with `=`, `!=`, `<`, `<=`, `>`, `>=`; `path~text*` with `*` at either end; `path IN (a,b)`, `path NOT IN (a,b)`; `path IS NULL`, `path IS NOT NULL`) joined by `AND` and `OR` (`AND` binds tighter) and grouped by parentheses. A value is text that the field's type reads (a number, `true`, a day `2024-03-01`); quote one holding white space, "(", ")" or "," with `"`. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: every record. A filter that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
    projectsWhere: string;
    /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
    projectsFields: string;
    /** @description Which records the list keeps: a filter in qaql's where language (grammar/language.md 2 in the qaql package). Predicates on the resource's fields (`path=value` with `=`, `!=`, `<`, `<=`, `>`, `>=`; `path~text*` with `*` at either end; `path IN (a,b)`, `path NOT IN (a,b)`; `path IS NULL`, `path IS NOT NULL`) joined by `AND` and `OR` (`AND` binds tighter) and grouped by parentheses. A value is text that the field's type reads (a number, `true`, a day `2024-03-01`); quote one holding white space, "(", ")" or "," with `"`. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: every record. A filter that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
    artefactsWhere: string;
    /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
    artefactsFields: string;
    /** @description Which records the list keeps: a filter in qaql's where language (grammar/language.md 2 in the qaql package). Predicates on the resource's fields (`path=value` with `=`, `!=`, `<`, `<=`, `>`, `>=`; `path~text*` with `*` at either end; `path IN (a,b)`, `path NOT IN (a,b)`; `path IS NULL`, `path IS NOT NULL`) joined by `AND` and `OR` (`AND` binds tighter) and grouped by parentheses. A value is text that the field's type reads (a number, `true`, a day `2024-03-01`); quote one holding white space, "(", ")" or "," with `"`. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: every record. A filter that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
    findingsWhere: string;
    /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
    findingsFields: string;
    /** @description Which records the list keeps: a filter in qaql's where language (grammar/language.md 2 in the qaql package). Predicates on the resource's fields (`path=value` with `=`, `!=`, `<`, `<=`, `>`, `>=`; `path~text*` with `*` at either end; `path IN (a,b)`, `path NOT IN (a,b)`; `path IS NULL`, `path IS NOT NULL`) joined by `AND` and `OR` (`AND` binds tighter) and grouped by parentheses. A value is text that the field's type reads (a number, `true`, a day `2024-03-01`); quote one holding white space, "(", ")" or "," with `"`. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: every record. A filter that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
    modelsWhere: string;
    /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
    modelsFields: string;
    /** @description Which records the list keeps: a filter in qaql's where language (grammar/language.md 2 in the qaql package). Predicates on the resource's fields (`path=value` with `=`, `!=`, `<`, `<=`, `>`, `>=`; `path~text*` with `*` at either end; `path IN (a,b)`, `path NOT IN (a,b)`; `path IS NULL`, `path IS NOT NULL`) joined by `AND` and `OR` (`AND` binds tighter) and grouped by parentheses. A value is text that the field's type reads (a number, `true`, a day `2024-03-01`); quote one holding white space, "(", ")" or "," with `"`. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: every record. A filter that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
    versionsWhere: string;
    /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
    versionsFields: string;
    /** @description The page, from 1: page p of size s holds the items (p − 1)·s + 1 to p·s. A page past the end is empty. Decimal digits only; 1 when absent. */
    page: number;
    /** @description The most items a page holds, from 1 to 1000; 20 when absent. A larger size is a 400 SIZE_TOO_LARGE, never cut down. Decimal digits only. */
    size: number;
    /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
    timezone: string;
    /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
    acceptLanguage: string;
    /** @description The project's id. */
    projectId: number;
    /** @description The project's name (not its id). */
    projectName: string;
    /** @description The artefact's id. */
    artefactId: number;
    /** @description The finding's id. */
    findingId: number;
    /** @description The model's id. */
    modelId: string;
    /** @description The version's id. */
    versionId: number;
  };
  requestBodies: {
    /** @description The query definition, in one of these media types, in UTF-8: charset=utf-8 is the one parameter taken. */
    QueryDefinition: {
      content: {
        "application/vnd.qaql.app-v2+json": {
          /**
           * @description Artefact types to list; empty means any.
           * @default []
           */
          artefactTypes?: string[];
          /** @description Follow links of this type instead of children. */
          linkType?: string;
          /**
           * @description Follow links out of or into the artefact.
           * @default OUT
           * @enum {string}
           */
          linkDirection?: "OUT" | "IN";
          /** @description The columns of the result. */
          columns: ({
            /**
             * @description What the column shows: a measure, an indicator or an info of the artefact.
             * @enum {string}
             */
            type: "MEASURE" | "INDICATOR" | "INFO";
            /** @description The id of the measure, indicator or info; at most 256 characters, as every row repeats it. */
            id: string;
            /**
             * @description How an indicator is shown. On indicator columns only, where it is "NAME" when absent.
             * @enum {string}
             */
            displayType?: "NAME" | "RANK" | "ICON" | "MNEMONIC";
            /** @description Whether an indicator's cell is coloured by its level. On indicator columns only, where it is false when absent. */
            useBackgroundColor?: boolean;
            /** @description The opacity of the background colour, 0 to 255. On columns with "useBackgroundColor": true only, where it is 100 when absent. */
            alpha?: number;
            /**
             * @description Artefact types for which the column is not shown.
             * @default []
             */
            excludingTypes?: string[];
          } & (unknown & unknown & unknown))[];
          /**
           * @description The orders of the rows.
           * @default []
           */
          orders?: {
            /**
             * @description Whether to order by a measure of the artefact or of the root.
             * @enum {string}
             */
            type: "ROOT_MEASURE" | "MEASURE";
            /** @description The id of the measure. */
            id: string;
            /**
             * @description Ascending or descending.
             * @enum {string}
             */
            order: "ASC" | "DESC";
            /**
             * @description What of the measure to order by.
             * @enum {string}
             */
            orderType: "VALUE" | "RANK" | "DIFF_VALUE" | "DIFF_RANK";
          }[];
          /**
           * @description Filters, all of which a row passes.
           * @default []
           */
          filters?: ({
            /**
             * @description What the filter tests: a measure, an indicator or an info.
             * @enum {string}
             */
            type: "measure" | "indicator" | "info";
            /** @description The id of the measure, indicator or info. */
            id: string;
            /**
             * filter data
             * @description What the filter keeps.
             */
            data: {
              /** @description The values kept (levels, mnemonics or info texts). */
              checked?: string[];
              /** @description Intervals such as `[10;20[`; measures and indicators only. Absent: every number. */
              bounds?: string[];
              /** @description Globs (`*` any run, `?` one character); infos only, ignored when `checked` is given. */
              patterns?: string[];
            };
            /**
             * @description Keep what the filter would drop.
             * @default false
             */
            invert?: boolean;
          } & (unknown & unknown))[];
          /** @description The number of rows to return; absent means all. */
          resultSize?: number;
          /**
           * @description Leave the path out of the rows.
           * @default false
           */
          hidePath?: boolean;
          /**
           * @description Leave the rating out of the rows.
           * @default false
           */
          hideRating?: boolean;
        };
        "application/vnd.qaql.app-latest+json": {
          /**
           * @description Artefact types to list; empty means any.
           * @default []
           */
          artefactTypes?: string[];
          /** @description Follow links of this type instead of children. */
          linkType?: string;
          /**
           * @description Follow links out of or into the artefact.
           * @default OUT
           * @enum {string}
           */
          linkDirection?: "OUT" | "IN";
          /** @description The columns of the result. */
          columns: ({
            /**
             * @description What the column shows: a measure, an indicator or an info of the artefact.
             * @enum {string}
             */
            type: "MEASURE" | "INDICATOR" | "INFO";
            /** @description The id of the measure, indicator or info; at most 256 characters, as every row repeats it. */
            id: string;
            /**
             * @description How an indicator is shown. On indicator columns only, where it is "NAME" when absent.
             * @enum {string}
             */
            displayType?: "NAME" | "RANK" | "ICON" | "MNEMONIC";
            /** @description Whether an indicator's cell is coloured by its level. On indicator columns only, where it is false when absent. */
            useBackgroundColor?: boolean;
            /** @description The opacity of the background colour, 0 to 255. On columns with "useBackgroundColor": true only, where it is 100 when absent. */
            alpha?: number;
            /**
             * @description Artefact types for which the column is not shown.
             * @default []
             */
            excludingTypes?: string[];
          } & (unknown & unknown & unknown))[];
          /**
           * @description The orders of the rows.
           * @default []
           */
          orders?: {
            /**
             * @description Whether to order by a measure of the artefact or of the root.
             * @enum {string}
             */
            type: "ROOT_MEASURE" | "MEASURE";
            /** @description The id of the measure. */
            id: string;
            /**
             * @description Ascending or descending.
             * @enum {string}
             */
            order: "ASC" | "DESC";
            /**
             * @description What of the measure to order by.
             * @enum {string}
             */
            orderType: "VALUE" | "RANK" | "DIFF_VALUE" | "DIFF_RANK";
          }[];
          /**
           * @description Filters, all of which a row passes.
           * @default []
           */
          filters?: ({
            /**
             * @description What the filter tests: a measure, an indicator or an info.
             * @enum {string}
             */
            type: "measure" | "indicator" | "info";
            /** @description The id of the measure, indicator or info. */
            id: string;
            /**
             * filter data
             * @description What the filter keeps.
             */
            data: {
              /** @description The values kept (levels, mnemonics or info texts). */
              checked?: string[];
              /** @description Intervals such as `[10;20[`; measures and indicators only. Absent: every number. */
              bounds?: string[];
              /** @description Globs (`*` any run, `?` one character); infos only, ignored when `checked` is given. */
              patterns?: string[];
            };
            /**
             * @description Keep what the filter would drop.
             * @default false
             */
            invert?: boolean;
          } & (unknown & unknown))[];
          /** @description The number of rows to return; absent means all. */
          resultSize?: number;
          /**
           * @description Leave the path out of the rows.
           * @default false
           */
          hidePath?: boolean;
          /**
           * @description Leave the rating out of the rows.
           * @default false
           */
          hideRating?: boolean;
        };
        "application/json": {
          /**
           * @description Artefact types to list; empty means any.
           * @default []
           */
          artefactTypes?: string[];
          /** @description Follow links of this type instead of children. */
          linkType?: string;
          /**
           * @description Follow links out of or into the artefact.
           * @default OUT
           * @enum {string}
           */
          linkDirection?: "OUT" | "IN";
          /** @description The columns of the result. */
          columns: ({
            /**
             * @description What the column shows: a measure, an indicator or an info of the artefact.
             * @enum {string}
             */
            type: "MEASURE" | "INDICATOR" | "INFO";
            /** @description The id of the measure, indicator or info; at most 256 characters, as every row repeats it. */
            id: string;
            /**
             * @description How an indicator is shown. On indicator columns only, where it is "NAME" when absent.
             * @enum {string}
             */
            displayType?: "NAME" | "RANK" | "ICON" | "MNEMONIC";
            /** @description Whether an indicator's cell is coloured by its level. On indicator columns only, where it is false when absent. */
            useBackgroundColor?: boolean;
            /** @description The opacity of the background colour, 0 to 255. On columns with "useBackgroundColor": true only, where it is 100 when absent. */
            alpha?: number;
            /**
             * @description Artefact types for which the column is not shown.
             * @default []
             */
            excludingTypes?: string[];
          } & (unknown & unknown & unknown))[];
          /**
           * @description The orders of the rows.
           * @default []
           */
          orders?: {
            /**
             * @description Whether to order by a measure of the artefact or of the root.
             * @enum {string}
             */
            type: "ROOT_MEASURE" | "MEASURE";
            /** @description The id of the measure. */
            id: string;
            /**
             * @description Ascending or descending.
             * @enum {string}
             */
            order: "ASC" | "DESC";
            /**
             * @description What of the measure to order by.
             * @enum {string}
             */
            orderType: "VALUE" | "RANK" | "DIFF_VALUE" | "DIFF_RANK";
          }[];
          /**
           * @description Filters, all of which a row passes.
           * @default []
           */
          filters?: ({
            /**
             * @description What the filter tests: a measure, an indicator or an info.
             * @enum {string}
             */
            type: "measure" | "indicator" | "info";
            /** @description The id of the measure, indicator or info. */
            id: string;
            /**
             * filter data
             * @description What the filter keeps.
             */
            data: {
              /** @description The values kept (levels, mnemonics or info texts). */
              checked?: string[];
              /** @description Intervals such as `[10;20[`; measures and indicators only. Absent: every number. */
              bounds?: string[];
              /** @description Globs (`*` any run, `?` one character); infos only, ignored when `checked` is given. */
              patterns?: string[];
            };
            /**
             * @description Keep what the filter would drop.
             * @default false
             */
            invert?: boolean;
          } & (unknown & unknown))[];
          /** @description The number of rows to return; absent means all. */
          resultSize?: number;
          /**
           * @description Leave the path out of the rows.
           * @default false
           */
          hidePath?: boolean;
          /**
           * @description Leave the rating out of the rows.
           * @default false
           */
          hideRating?: boolean;
        };
      };
    };
  };
  headers: {
    /** @description no-store on every answer: an answer depends on the credentials, and no cache on the way may keep it. */
    "Cache-Control": "no-store";
    /** @description The request headers every answer depends on, besides its method and URL. */
    Vary: "Accept, Accept-Language, Authorization, timezone";
    /** @description The language of the answer's texts: the first of Accept-Language the server has (fr-CH falling back to fr), else the user's language, else the server's. */
    "Content-Language": string;
    /** @description The IANA zone the answer read dates in: the timezone header's, else the user's, else UTC. */
    Timezone: string;
    /** @description The scheme the route takes, and why the credentials failed. */
    "WWW-Authenticate": string;
    /** @description The seconds to wait before asking again. */
    "Retry-After": number;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A new token. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Token"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Token"];
          "application/json": components["schemas"]["Token"];
        };
      };
      401: components["responses"]["BadCredentials"];
      406: components["responses"]["NotAcceptable"];
      429: components["responses"]["TooManyTokenRequests"];
      431: components["responses"]["HeaderTooLarge"];
      500: components["responses"]["InternalError"];
    };
  };
  putToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, DELETE. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, DELETE";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  postToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, DELETE. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, DELETE";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  deleteToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The token is revoked. */
      204: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
      500: components["responses"]["InternalError"];
    };
  };
  optionsToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, DELETE. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, DELETE";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  headToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, DELETE. Headers only. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, DELETE";
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept header accepts none of the media types served (NOT_ACCEPTABLE); the body, in application/json, lists them in `supported`. Headers only. */
      406: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept or Accept-Language header is longer than 1024 characters (HEADER_TOO_LARGE), or the headers together are larger than 256 KiB (MALFORMED_REQUEST). Headers only. */
      431: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  patchToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, DELETE. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, DELETE";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  traceToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, DELETE. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, DELETE";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  listProjects: {
    parameters: {
      query?: {
        /** @description Which records the list keeps: a filter in qaql's where language (grammar/language.md 2 in the qaql package). Predicates on the resource's fields (`path=value` with `=`, `!=`, `<`, `<=`, `>`, `>=`; `path~text*` with `*` at either end; `path IN (a,b)`, `path NOT IN (a,b)`; `path IS NULL`, `path IS NOT NULL`) joined by `AND` and `OR` (`AND` binds tighter) and grouped by parentheses. A value is text that the field's type reads (a number, `true`, a day `2024-03-01`); quote one holding white space, "(", ")" or "," with `"`. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: every record. A filter that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        where?: components["parameters"]["projectsWhere"];
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["projectsFields"];
        /** @description The page, from 1: page p of size s holds the items (p − 1)·s + 1 to p·s. A page past the end is empty. Decimal digits only; 1 when absent. */
        page?: components["parameters"]["page"];
        /** @description The most items a page holds, from 1 to 1000; 20 when absent. A larger size is a 400 SIZE_TOO_LARGE, never cut down. Decimal digits only. */
        size?: components["parameters"]["size"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of the projects. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["ProjectList"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["ProjectList"];
          "application/json": components["schemas"]["ProjectList"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      406: components["responses"]["NotAcceptable"];
      429: components["responses"]["TooManyRequests"];
      431: components["responses"]["HeaderTooLarge"];
      500: components["responses"]["InternalError"];
    };
  };
  putProjects: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  postProjects: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  deleteProjects: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  optionsProjects: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  listProjectsHead: {
    parameters: {
      query?: {
        /** @description Which records the list keeps: a filter in qaql's where language (grammar/language.md 2 in the qaql package). Predicates on the resource's fields (`path=value` with `=`, `!=`, `<`, `<=`, `>`, `>=`; `path~text*` with `*` at either end; `path IN (a,b)`, `path NOT IN (a,b)`; `path IS NULL`, `path IS NOT NULL`) joined by `AND` and `OR` (`AND` binds tighter) and grouped by parentheses. A value is text that the field's type reads (a number, `true`, a day `2024-03-01`); quote one holding white space, "(", ")" or "," with `"`. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: every record. A filter that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        where?: components["parameters"]["projectsWhere"];
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["projectsFields"];
        /** @description The page, from 1: page p of size s holds the items (p − 1)·s + 1 to p·s. A page past the end is empty. Decimal digits only; 1 when absent. */
        page?: components["parameters"]["page"];
        /** @description The most items a page holds, from 1 to 1000; 20 when absent. A larger size is a 400 SIZE_TOO_LARGE, never cut down. Decimal digits only. */
        size?: components["parameters"]["size"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of the projects. Headers only. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is wrong: a where or fields that does not parse or fit the schema (UNEXPECTED_TOKEN, UNKNOWN_FIELD, INPUT_TOO_LONG, …), a page or size that is no whole number from 1 or is too large (INVALID_PAGE, INVALID_SIZE, SIZE_TOO_LARGE), a parameter given twice (REPEATED_PARAMETER), broken percent-encoding in the query (MALFORMED_ENCODING) or in a path segment (MALFORMED_URL), or an unknown timezone header (UNKNOWN_TIME_ZONE), or a list parameter sent to /dump (UNSUPPORTED_PARAMETER). An error in a parameter gives the parameter, the position and a caret diagnostic. Headers only. */
      400: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No token (MISSING_TOKEN), one this server did not issue or has revoked (UNKNOWN_TOKEN), or another scheme than Bearer (WRONG_SCHEME). Headers only. */
      401: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The token expired an hour after its issue (TOKEN_EXPIRED) or went 15 minutes without a request (TOKEN_IDLE): get a new one from GET /token. Headers only. */
      403: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept header accepts none of the media types served (NOT_ACCEPTABLE); the body, in application/json, lists them in `supported`. Headers only. */
      406: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description This client took its share of the server (TOO_MANY_REQUESTS): 1 s of its time at once, then 100 ms a second, 2 requests answered and 32 waiting at once, unless the server says otherwise; a request waits up to 5 s for its turn before it is refused. Headers only. */
      429: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept or Accept-Language header is longer than 1024 characters (HEADER_TOO_LARGE), or the headers together are larger than 256 KiB (MALFORMED_REQUEST). Headers only. */
      431: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The server failed (INTERNAL_ERROR); the body says no more. Headers only. */
      500: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  patchProjects: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  traceProjects: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  getProject: {
    parameters: {
      query?: {
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["projectsFields"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path: {
        /** @description The project's id. */
        projectId: components["parameters"]["projectId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The project. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Project"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Project"];
          "application/json": components["schemas"]["Project"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      /** @description No project has that id. */
      404: components["responses"]["NotFound"];
      406: components["responses"]["NotAcceptable"];
      429: components["responses"]["TooManyRequests"];
      431: components["responses"]["HeaderTooLarge"];
      500: components["responses"]["InternalError"];
    };
  };
  putProject: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The project's id. */
        projectId: components["parameters"]["projectId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  postProject: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The project's id. */
        projectId: components["parameters"]["projectId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  deleteProject: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The project's id. */
        projectId: components["parameters"]["projectId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  optionsProject: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The project's id. */
        projectId: components["parameters"]["projectId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  getProjectHead: {
    parameters: {
      query?: {
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["projectsFields"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path: {
        /** @description The project's id. */
        projectId: components["parameters"]["projectId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The project. Headers only. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is wrong: a where or fields that does not parse or fit the schema (UNEXPECTED_TOKEN, UNKNOWN_FIELD, INPUT_TOO_LONG, …), a page or size that is no whole number from 1 or is too large (INVALID_PAGE, INVALID_SIZE, SIZE_TOO_LARGE), a parameter given twice (REPEATED_PARAMETER), broken percent-encoding in the query (MALFORMED_ENCODING) or in a path segment (MALFORMED_URL), or an unknown timezone header (UNKNOWN_TIME_ZONE), or a list parameter sent to /dump (UNSUPPORTED_PARAMETER). An error in a parameter gives the parameter, the position and a caret diagnostic. Headers only. */
      400: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No token (MISSING_TOKEN), one this server did not issue or has revoked (UNKNOWN_TOKEN), or another scheme than Bearer (WRONG_SCHEME). Headers only. */
      401: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The token expired an hour after its issue (TOKEN_EXPIRED) or went 15 minutes without a request (TOKEN_IDLE): get a new one from GET /token. Headers only. */
      403: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No project has that id. Headers only. */
      404: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept header accepts none of the media types served (NOT_ACCEPTABLE); the body, in application/json, lists them in `supported`. Headers only. */
      406: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description This client took its share of the server (TOO_MANY_REQUESTS): 1 s of its time at once, then 100 ms a second, 2 requests answered and 32 waiting at once, unless the server says otherwise; a request waits up to 5 s for its turn before it is refused. Headers only. */
      429: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept or Accept-Language header is longer than 1024 characters (HEADER_TOO_LARGE), or the headers together are larger than 256 KiB (MALFORMED_REQUEST). Headers only. */
      431: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The server failed (INTERNAL_ERROR); the body says no more. Headers only. */
      500: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  patchProject: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The project's id. */
        projectId: components["parameters"]["projectId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  traceProject: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The project's id. */
        projectId: components["parameters"]["projectId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  listProjectArtefacts: {
    parameters: {
      query?: {
        /** @description Which records the list keeps: a filter in qaql's where language (grammar/language.md 2 in the qaql package). Predicates on the resource's fields (`path=value` with `=`, `!=`, `<`, `<=`, `>`, `>=`; `path~text*` with `*` at either end; `path IN (a,b)`, `path NOT IN (a,b)`; `path IS NULL`, `path IS NOT NULL`) joined by `AND` and `OR` (`AND` binds tighter) and grouped by parentheses. A value is text that the field's type reads (a number, `true`, a day `2024-03-01`); quote one holding white space, "(", ")" or "," with `"`. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: every record. A filter that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        where?: components["parameters"]["artefactsWhere"];
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["artefactsFields"];
        /** @description The page, from 1: page p of size s holds the items (p − 1)·s + 1 to p·s. A page past the end is empty. Decimal digits only; 1 when absent. */
        page?: components["parameters"]["page"];
        /** @description The most items a page holds, from 1 to 1000; 20 when absent. A larger size is a 400 SIZE_TOO_LARGE, never cut down. Decimal digits only. */
        size?: components["parameters"]["size"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path: {
        /** @description The project's name (not its id). */
        projectName: components["parameters"]["projectName"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of the artefacts. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["ArtefactList"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["ArtefactList"];
          "application/json": components["schemas"]["ArtefactList"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      /** @description No project has that name. */
      404: components["responses"]["NotFound"];
      406: components["responses"]["NotAcceptable"];
      429: components["responses"]["TooManyRequests"];
      431: components["responses"]["HeaderTooLarge"];
      500: components["responses"]["InternalError"];
    };
  };
  putProjectArtefacts: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The project's name (not its id). */
        projectName: components["parameters"]["projectName"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  postProjectArtefacts: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The project's name (not its id). */
        projectName: components["parameters"]["projectName"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  deleteProjectArtefacts: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The project's name (not its id). */
        projectName: components["parameters"]["projectName"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  optionsProjectArtefacts: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The project's name (not its id). */
        projectName: components["parameters"]["projectName"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  listProjectArtefactsHead: {
    parameters: {
      query?: {
        /** @description Which records the list keeps: a filter in qaql's where language (grammar/language.md 2 in the qaql package). Predicates on the resource's fields (`path=value` with `=`, `!=`, `<`, `<=`, `>`, `>=`; `path~text*` with `*` at either end; `path IN (a,b)`, `path NOT IN (a,b)`; `path IS NULL`, `path IS NOT NULL`) joined by `AND` and `OR` (`AND` binds tighter) and grouped by parentheses. A value is text that the field's type reads (a number, `true`, a day `2024-03-01`); quote one holding white space, "(", ")" or "," with `"`. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: every record. A filter that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        where?: components["parameters"]["artefactsWhere"];
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["artefactsFields"];
        /** @description The page, from 1: page p of size s holds the items (p − 1)·s + 1 to p·s. A page past the end is empty. Decimal digits only; 1 when absent. */
        page?: components["parameters"]["page"];
        /** @description The most items a page holds, from 1 to 1000; 20 when absent. A larger size is a 400 SIZE_TOO_LARGE, never cut down. Decimal digits only. */
        size?: components["parameters"]["size"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path: {
        /** @description The project's name (not its id). */
        projectName: components["parameters"]["projectName"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of the artefacts. Headers only. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is wrong: a where or fields that does not parse or fit the schema (UNEXPECTED_TOKEN, UNKNOWN_FIELD, INPUT_TOO_LONG, …), a page or size that is no whole number from 1 or is too large (INVALID_PAGE, INVALID_SIZE, SIZE_TOO_LARGE), a parameter given twice (REPEATED_PARAMETER), broken percent-encoding in the query (MALFORMED_ENCODING) or in a path segment (MALFORMED_URL), or an unknown timezone header (UNKNOWN_TIME_ZONE), or a list parameter sent to /dump (UNSUPPORTED_PARAMETER). An error in a parameter gives the parameter, the position and a caret diagnostic. Headers only. */
      400: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No token (MISSING_TOKEN), one this server did not issue or has revoked (UNKNOWN_TOKEN), or another scheme than Bearer (WRONG_SCHEME). Headers only. */
      401: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The token expired an hour after its issue (TOKEN_EXPIRED) or went 15 minutes without a request (TOKEN_IDLE): get a new one from GET /token. Headers only. */
      403: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No project has that name. Headers only. */
      404: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept header accepts none of the media types served (NOT_ACCEPTABLE); the body, in application/json, lists them in `supported`. Headers only. */
      406: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description This client took its share of the server (TOO_MANY_REQUESTS): 1 s of its time at once, then 100 ms a second, 2 requests answered and 32 waiting at once, unless the server says otherwise; a request waits up to 5 s for its turn before it is refused. Headers only. */
      429: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept or Accept-Language header is longer than 1024 characters (HEADER_TOO_LARGE), or the headers together are larger than 256 KiB (MALFORMED_REQUEST). Headers only. */
      431: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The server failed (INTERNAL_ERROR); the body says no more. Headers only. */
      500: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  patchProjectArtefacts: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The project's name (not its id). */
        projectName: components["parameters"]["projectName"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  traceProjectArtefacts: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The project's name (not its id). */
        projectName: components["parameters"]["projectName"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  listArtefacts: {
    parameters: {
      query?: {
        /** @description Which records the list keeps: a filter in qaql's where language (grammar/language.md 2 in the qaql package). Predicates on the resource's fields (`path=value` with `=`, `!=`, `<`, `<=`, `>`, `>=`; `path~text*` with `*` at either end; `path IN (a,b)`, `path NOT IN (a,b)`; `path IS NULL`, `path IS NOT NULL`) joined by `AND` and `OR` (`AND` binds tighter) and grouped by parentheses. A value is text that the field's type reads (a number, `true`, a day `2024-03-01`); quote one holding white space, "(", ")" or "," with `"`. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: every record. A filter that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        where?: components["parameters"]["artefactsWhere"];
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["artefactsFields"];
        /** @description The page, from 1: page p of size s holds the items (p − 1)·s + 1 to p·s. A page past the end is empty. Decimal digits only; 1 when absent. */
        page?: components["parameters"]["page"];
        /** @description The most items a page holds, from 1 to 1000; 20 when absent. A larger size is a 400 SIZE_TOO_LARGE, never cut down. Decimal digits only. */
        size?: components["parameters"]["size"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of the artefacts. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["ArtefactList"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["ArtefactList"];
          "application/json": components["schemas"]["ArtefactList"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      406: components["responses"]["NotAcceptable"];
      429: components["responses"]["TooManyRequests"];
      431: components["responses"]["HeaderTooLarge"];
      500: components["responses"]["InternalError"];
    };
  };
  putArtefacts: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  postArtefacts: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  deleteArtefacts: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  optionsArtefacts: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  listArtefactsHead: {
    parameters: {
      query?: {
        /** @description Which records the list keeps: a filter in qaql's where language (grammar/language.md 2 in the qaql package). Predicates on the resource's fields (`path=value` with `=`, `!=`, `<`, `<=`, `>`, `>=`; `path~text*` with `*` at either end; `path IN (a,b)`, `path NOT IN (a,b)`; `path IS NULL`, `path IS NOT NULL`) joined by `AND` and `OR` (`AND` binds tighter) and grouped by parentheses. A value is text that the field's type reads (a number, `true`, a day `2024-03-01`); quote one holding white space, "(", ")" or "," with `"`. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: every record. A filter that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        where?: components["parameters"]["artefactsWhere"];
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["artefactsFields"];
        /** @description The page, from 1: page p of size s holds the items (p − 1)·s + 1 to p·s. A page past the end is empty. Decimal digits only; 1 when absent. */
        page?: components["parameters"]["page"];
        /** @description The most items a page holds, from 1 to 1000; 20 when absent. A larger size is a 400 SIZE_TOO_LARGE, never cut down. Decimal digits only. */
        size?: components["parameters"]["size"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of the artefacts. Headers only. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is wrong: a where or fields that does not parse or fit the schema (UNEXPECTED_TOKEN, UNKNOWN_FIELD, INPUT_TOO_LONG, …), a page or size that is no whole number from 1 or is too large (INVALID_PAGE, INVALID_SIZE, SIZE_TOO_LARGE), a parameter given twice (REPEATED_PARAMETER), broken percent-encoding in the query (MALFORMED_ENCODING) or in a path segment (MALFORMED_URL), or an unknown timezone header (UNKNOWN_TIME_ZONE), or a list parameter sent to /dump (UNSUPPORTED_PARAMETER). An error in a parameter gives the parameter, the position and a caret diagnostic. Headers only. */
      400: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No token (MISSING_TOKEN), one this server did not issue or has revoked (UNKNOWN_TOKEN), or another scheme than Bearer (WRONG_SCHEME). Headers only. */
      401: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The token expired an hour after its issue (TOKEN_EXPIRED) or went 15 minutes without a request (TOKEN_IDLE): get a new one from GET /token. Headers only. */
      403: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept header accepts none of the media types served (NOT_ACCEPTABLE); the body, in application/json, lists them in `supported`. Headers only. */
      406: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description This client took its share of the server (TOO_MANY_REQUESTS): 1 s of its time at once, then 100 ms a second, 2 requests answered and 32 waiting at once, unless the server says otherwise; a request waits up to 5 s for its turn before it is refused. Headers only. */
      429: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept or Accept-Language header is longer than 1024 characters (HEADER_TOO_LARGE), or the headers together are larger than 256 KiB (MALFORMED_REQUEST). Headers only. */
      431: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The server failed (INTERNAL_ERROR); the body says no more. Headers only. */
      500: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  patchArtefacts: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  traceArtefacts: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  getArtefact: {
    parameters: {
      query?: {
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["artefactsFields"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The artefact. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Artefact"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Artefact"];
          "application/json": components["schemas"]["Artefact"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      /** @description No artefact has that id. */
      404: components["responses"]["NotFound"];
      406: components["responses"]["NotAcceptable"];
      429: components["responses"]["TooManyRequests"];
      431: components["responses"]["HeaderTooLarge"];
      500: components["responses"]["InternalError"];
    };
  };
  putArtefact: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  postArtefact: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  deleteArtefact: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  optionsArtefact: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  getArtefactHead: {
    parameters: {
      query?: {
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["artefactsFields"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The artefact. Headers only. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is wrong: a where or fields that does not parse or fit the schema (UNEXPECTED_TOKEN, UNKNOWN_FIELD, INPUT_TOO_LONG, …), a page or size that is no whole number from 1 or is too large (INVALID_PAGE, INVALID_SIZE, SIZE_TOO_LARGE), a parameter given twice (REPEATED_PARAMETER), broken percent-encoding in the query (MALFORMED_ENCODING) or in a path segment (MALFORMED_URL), or an unknown timezone header (UNKNOWN_TIME_ZONE), or a list parameter sent to /dump (UNSUPPORTED_PARAMETER). An error in a parameter gives the parameter, the position and a caret diagnostic. Headers only. */
      400: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No token (MISSING_TOKEN), one this server did not issue or has revoked (UNKNOWN_TOKEN), or another scheme than Bearer (WRONG_SCHEME). Headers only. */
      401: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The token expired an hour after its issue (TOKEN_EXPIRED) or went 15 minutes without a request (TOKEN_IDLE): get a new one from GET /token. Headers only. */
      403: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No artefact has that id. Headers only. */
      404: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept header accepts none of the media types served (NOT_ACCEPTABLE); the body, in application/json, lists them in `supported`. Headers only. */
      406: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description This client took its share of the server (TOO_MANY_REQUESTS): 1 s of its time at once, then 100 ms a second, 2 requests answered and 32 waiting at once, unless the server says otherwise; a request waits up to 5 s for its turn before it is refused. Headers only. */
      429: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept or Accept-Language header is longer than 1024 characters (HEADER_TOO_LARGE), or the headers together are larger than 256 KiB (MALFORMED_REQUEST). Headers only. */
      431: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The server failed (INTERNAL_ERROR); the body says no more. Headers only. */
      500: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  patchArtefact: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  traceArtefact: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  listArtefactFindings: {
    parameters: {
      query?: {
        /** @description Which records the list keeps: a filter in qaql's where language (grammar/language.md 2 in the qaql package). Predicates on the resource's fields (`path=value` with `=`, `!=`, `<`, `<=`, `>`, `>=`; `path~text*` with `*` at either end; `path IN (a,b)`, `path NOT IN (a,b)`; `path IS NULL`, `path IS NOT NULL`) joined by `AND` and `OR` (`AND` binds tighter) and grouped by parentheses. A value is text that the field's type reads (a number, `true`, a day `2024-03-01`); quote one holding white space, "(", ")" or "," with `"`. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: every record. A filter that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        where?: components["parameters"]["findingsWhere"];
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["findingsFields"];
        /** @description The page, from 1: page p of size s holds the items (p − 1)·s + 1 to p·s. A page past the end is empty. Decimal digits only; 1 when absent. */
        page?: components["parameters"]["page"];
        /** @description The most items a page holds, from 1 to 1000; 20 when absent. A larger size is a 400 SIZE_TOO_LARGE, never cut down. Decimal digits only. */
        size?: components["parameters"]["size"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of the findings. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["FindingList"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["FindingList"];
          "application/json": components["schemas"]["FindingList"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      /** @description No artefact has that id. */
      404: components["responses"]["NotFound"];
      406: components["responses"]["NotAcceptable"];
      429: components["responses"]["TooManyRequests"];
      431: components["responses"]["HeaderTooLarge"];
      500: components["responses"]["InternalError"];
    };
  };
  putArtefactFindings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  postArtefactFindings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  deleteArtefactFindings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  optionsArtefactFindings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  listArtefactFindingsHead: {
    parameters: {
      query?: {
        /** @description Which records the list keeps: a filter in qaql's where language (grammar/language.md 2 in the qaql package). Predicates on the resource's fields (`path=value` with `=`, `!=`, `<`, `<=`, `>`, `>=`; `path~text*` with `*` at either end; `path IN (a,b)`, `path NOT IN (a,b)`; `path IS NULL`, `path IS NOT NULL`) joined by `AND` and `OR` (`AND` binds tighter) and grouped by parentheses. A value is text that the field's type reads (a number, `true`, a day `2024-03-01`); quote one holding white space, "(", ")" or "," with `"`. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: every record. A filter that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        where?: components["parameters"]["findingsWhere"];
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["findingsFields"];
        /** @description The page, from 1: page p of size s holds the items (p − 1)·s + 1 to p·s. A page past the end is empty. Decimal digits only; 1 when absent. */
        page?: components["parameters"]["page"];
        /** @description The most items a page holds, from 1 to 1000; 20 when absent. A larger size is a 400 SIZE_TOO_LARGE, never cut down. Decimal digits only. */
        size?: components["parameters"]["size"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of the findings. Headers only. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is wrong: a where or fields that does not parse or fit the schema (UNEXPECTED_TOKEN, UNKNOWN_FIELD, INPUT_TOO_LONG, …), a page or size that is no whole number from 1 or is too large (INVALID_PAGE, INVALID_SIZE, SIZE_TOO_LARGE), a parameter given twice (REPEATED_PARAMETER), broken percent-encoding in the query (MALFORMED_ENCODING) or in a path segment (MALFORMED_URL), or an unknown timezone header (UNKNOWN_TIME_ZONE), or a list parameter sent to /dump (UNSUPPORTED_PARAMETER). An error in a parameter gives the parameter, the position and a caret diagnostic. Headers only. */
      400: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No token (MISSING_TOKEN), one this server did not issue or has revoked (UNKNOWN_TOKEN), or another scheme than Bearer (WRONG_SCHEME). Headers only. */
      401: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The token expired an hour after its issue (TOKEN_EXPIRED) or went 15 minutes without a request (TOKEN_IDLE): get a new one from GET /token. Headers only. */
      403: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No artefact has that id. Headers only. */
      404: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept header accepts none of the media types served (NOT_ACCEPTABLE); the body, in application/json, lists them in `supported`. Headers only. */
      406: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description This client took its share of the server (TOO_MANY_REQUESTS): 1 s of its time at once, then 100 ms a second, 2 requests answered and 32 waiting at once, unless the server says otherwise; a request waits up to 5 s for its turn before it is refused. Headers only. */
      429: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept or Accept-Language header is longer than 1024 characters (HEADER_TOO_LARGE), or the headers together are larger than 256 KiB (MALFORMED_REQUEST). Headers only. */
      431: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The server failed (INTERNAL_ERROR); the body says no more. Headers only. */
      500: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  patchArtefactFindings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  traceArtefactFindings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  getArtefactQuery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, POST. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "POST";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  putArtefactQuery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, POST. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "POST";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  queryArtefact: {
    parameters: {
      query?: never;
      header?: {
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody: components["requestBodies"]["QueryDefinition"];
    responses: {
      /** @description The table: its columns, one row per artefact, and the total. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["QueryResult"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["QueryResult"];
          "application/json": components["schemas"]["QueryResult"];
        };
      };
      /** @description A body that is not JSON (MALFORMED_JSON) or was cut short (MALFORMED_REQUEST), a path segment with a broken percent-escape (MALFORMED_URL), or a query definition that does not fit (the code of its first issue, such as UNKNOWN_KEY): issues lists its problems, each at the JSON Pointer of its member; past 100, the first 100, with issueCount and truncated. */
      400: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["QueryDefinitionError"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["QueryDefinitionError"];
          "application/json": components["schemas"]["QueryDefinitionError"];
        };
      };
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      /** @description No artefact has that id. */
      404: components["responses"]["NotFound"];
      406: components["responses"]["NotAcceptable"];
      /** @description The body is larger than the server reads (BODY_TOO_LARGE). */
      413: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is not in one of the media types of the request body, or is said to be in another character set than UTF-8 (UNSUPPORTED_MEDIA_TYPE). */
      415: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The media types the body may be sent in. */
          "Accept-Post": "application/vnd.qaql.app-v2+json, application/vnd.qaql.app-latest+json, application/json";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description This client has a query definition running, or its definitions took more than their share of the server's time (TOO_MANY_QUERIES): one at a time, 1 s at once, then 50 ms a second unless the server says otherwise; or it took its share of the server (TOO_MANY_REQUESTS). */
      429: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      431: components["responses"]["HeaderTooLarge"];
      500: components["responses"]["InternalError"];
    };
  };
  deleteArtefactQuery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, POST. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "POST";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  optionsArtefactQuery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, POST. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "POST";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  headArtefactQuery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A path segment holds a broken percent-escape (MALFORMED_URL). Headers only. */
      400: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, POST. Headers only. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "POST";
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept header accepts none of the media types served (NOT_ACCEPTABLE); the body, in application/json, lists them in `supported`. Headers only. */
      406: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept or Accept-Language header is longer than 1024 characters (HEADER_TOO_LARGE), or the headers together are larger than 256 KiB (MALFORMED_REQUEST). Headers only. */
      431: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  patchArtefactQuery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, POST. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "POST";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  traceArtefactQuery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, POST. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "POST";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  listFindings: {
    parameters: {
      query?: {
        /** @description Which records the list keeps: a filter in qaql's where language (grammar/language.md 2 in the qaql package). Predicates on the resource's fields (`path=value` with `=`, `!=`, `<`, `<=`, `>`, `>=`; `path~text*` with `*` at either end; `path IN (a,b)`, `path NOT IN (a,b)`; `path IS NULL`, `path IS NOT NULL`) joined by `AND` and `OR` (`AND` binds tighter) and grouped by parentheses. A value is text that the field's type reads (a number, `true`, a day `2024-03-01`); quote one holding white space, "(", ")" or "," with `"`. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: every record. A filter that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        where?: components["parameters"]["findingsWhere"];
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["findingsFields"];
        /** @description The page, from 1: page p of size s holds the items (p − 1)·s + 1 to p·s. A page past the end is empty. Decimal digits only; 1 when absent. */
        page?: components["parameters"]["page"];
        /** @description The most items a page holds, from 1 to 1000; 20 when absent. A larger size is a 400 SIZE_TOO_LARGE, never cut down. Decimal digits only. */
        size?: components["parameters"]["size"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of the findings. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["FindingList"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["FindingList"];
          "application/json": components["schemas"]["FindingList"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      406: components["responses"]["NotAcceptable"];
      429: components["responses"]["TooManyRequests"];
      431: components["responses"]["HeaderTooLarge"];
      500: components["responses"]["InternalError"];
    };
  };
  putFindings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  postFindings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  deleteFindings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  optionsFindings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  listFindingsHead: {
    parameters: {
      query?: {
        /** @description Which records the list keeps: a filter in qaql's where language (grammar/language.md 2 in the qaql package). Predicates on the resource's fields (`path=value` with `=`, `!=`, `<`, `<=`, `>`, `>=`; `path~text*` with `*` at either end; `path IN (a,b)`, `path NOT IN (a,b)`; `path IS NULL`, `path IS NOT NULL`) joined by `AND` and `OR` (`AND` binds tighter) and grouped by parentheses. A value is text that the field's type reads (a number, `true`, a day `2024-03-01`); quote one holding white space, "(", ")" or "," with `"`. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: every record. A filter that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        where?: components["parameters"]["findingsWhere"];
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["findingsFields"];
        /** @description The page, from 1: page p of size s holds the items (p − 1)·s + 1 to p·s. A page past the end is empty. Decimal digits only; 1 when absent. */
        page?: components["parameters"]["page"];
        /** @description The most items a page holds, from 1 to 1000; 20 when absent. A larger size is a 400 SIZE_TOO_LARGE, never cut down. Decimal digits only. */
        size?: components["parameters"]["size"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of the findings. Headers only. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is wrong: a where or fields that does not parse or fit the schema (UNEXPECTED_TOKEN, UNKNOWN_FIELD, INPUT_TOO_LONG, …), a page or size that is no whole number from 1 or is too large (INVALID_PAGE, INVALID_SIZE, SIZE_TOO_LARGE), a parameter given twice (REPEATED_PARAMETER), broken percent-encoding in the query (MALFORMED_ENCODING) or in a path segment (MALFORMED_URL), or an unknown timezone header (UNKNOWN_TIME_ZONE), or a list parameter sent to /dump (UNSUPPORTED_PARAMETER). An error in a parameter gives the parameter, the position and a caret diagnostic. Headers only. */
      400: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No token (MISSING_TOKEN), one this server did not issue or has revoked (UNKNOWN_TOKEN), or another scheme than Bearer (WRONG_SCHEME). Headers only. */
      401: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The token expired an hour after its issue (TOKEN_EXPIRED) or went 15 minutes without a request (TOKEN_IDLE): get a new one from GET /token. Headers only. */
      403: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept header accepts none of the media types served (NOT_ACCEPTABLE); the body, in application/json, lists them in `supported`. Headers only. */
      406: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description This client took its share of the server (TOO_MANY_REQUESTS): 1 s of its time at once, then 100 ms a second, 2 requests answered and 32 waiting at once, unless the server says otherwise; a request waits up to 5 s for its turn before it is refused. Headers only. */
      429: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept or Accept-Language header is longer than 1024 characters (HEADER_TOO_LARGE), or the headers together are larger than 256 KiB (MALFORMED_REQUEST). Headers only. */
      431: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The server failed (INTERNAL_ERROR); the body says no more. Headers only. */
      500: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  patchFindings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  traceFindings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  getFinding: {
    parameters: {
      query?: {
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["findingsFields"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path: {
        /** @description The finding's id. */
        findingId: components["parameters"]["findingId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The finding. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Finding"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Finding"];
          "application/json": components["schemas"]["Finding"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      /** @description No finding has that id. */
      404: components["responses"]["NotFound"];
      406: components["responses"]["NotAcceptable"];
      429: components["responses"]["TooManyRequests"];
      431: components["responses"]["HeaderTooLarge"];
      500: components["responses"]["InternalError"];
    };
  };
  putFinding: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The finding's id. */
        findingId: components["parameters"]["findingId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  postFinding: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The finding's id. */
        findingId: components["parameters"]["findingId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  deleteFinding: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The finding's id. */
        findingId: components["parameters"]["findingId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  optionsFinding: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The finding's id. */
        findingId: components["parameters"]["findingId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  getFindingHead: {
    parameters: {
      query?: {
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["findingsFields"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path: {
        /** @description The finding's id. */
        findingId: components["parameters"]["findingId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The finding. Headers only. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is wrong: a where or fields that does not parse or fit the schema (UNEXPECTED_TOKEN, UNKNOWN_FIELD, INPUT_TOO_LONG, …), a page or size that is no whole number from 1 or is too large (INVALID_PAGE, INVALID_SIZE, SIZE_TOO_LARGE), a parameter given twice (REPEATED_PARAMETER), broken percent-encoding in the query (MALFORMED_ENCODING) or in a path segment (MALFORMED_URL), or an unknown timezone header (UNKNOWN_TIME_ZONE), or a list parameter sent to /dump (UNSUPPORTED_PARAMETER). An error in a parameter gives the parameter, the position and a caret diagnostic. Headers only. */
      400: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No token (MISSING_TOKEN), one this server did not issue or has revoked (UNKNOWN_TOKEN), or another scheme than Bearer (WRONG_SCHEME). Headers only. */
      401: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The token expired an hour after its issue (TOKEN_EXPIRED) or went 15 minutes without a request (TOKEN_IDLE): get a new one from GET /token. Headers only. */
      403: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No finding has that id. Headers only. */
      404: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept header accepts none of the media types served (NOT_ACCEPTABLE); the body, in application/json, lists them in `supported`. Headers only. */
      406: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description This client took its share of the server (TOO_MANY_REQUESTS): 1 s of its time at once, then 100 ms a second, 2 requests answered and 32 waiting at once, unless the server says otherwise; a request waits up to 5 s for its turn before it is refused. Headers only. */
      429: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept or Accept-Language header is longer than 1024 characters (HEADER_TOO_LARGE), or the headers together are larger than 256 KiB (MALFORMED_REQUEST). Headers only. */
      431: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The server failed (INTERNAL_ERROR); the body says no more. Headers only. */
      500: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  patchFinding: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The finding's id. */
        findingId: components["parameters"]["findingId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  traceFinding: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The finding's id. */
        findingId: components["parameters"]["findingId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  listModels: {
    parameters: {
      query?: {
        /** @description Which records the list keeps: a filter in qaql's where language (grammar/language.md 2 in the qaql package). Predicates on the resource's fields (`path=value` with `=`, `!=`, `<`, `<=`, `>`, `>=`; `path~text*` with `*` at either end; `path IN (a,b)`, `path NOT IN (a,b)`; `path IS NULL`, `path IS NOT NULL`) joined by `AND` and `OR` (`AND` binds tighter) and grouped by parentheses. A value is text that the field's type reads (a number, `true`, a day `2024-03-01`); quote one holding white space, "(", ")" or "," with `"`. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: every record. A filter that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        where?: components["parameters"]["modelsWhere"];
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["modelsFields"];
        /** @description The page, from 1: page p of size s holds the items (p − 1)·s + 1 to p·s. A page past the end is empty. Decimal digits only; 1 when absent. */
        page?: components["parameters"]["page"];
        /** @description The most items a page holds, from 1 to 1000; 20 when absent. A larger size is a 400 SIZE_TOO_LARGE, never cut down. Decimal digits only. */
        size?: components["parameters"]["size"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of the models. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["ModelList"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["ModelList"];
          "application/json": components["schemas"]["ModelList"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      406: components["responses"]["NotAcceptable"];
      429: components["responses"]["TooManyRequests"];
      431: components["responses"]["HeaderTooLarge"];
      500: components["responses"]["InternalError"];
    };
  };
  putModels: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  postModels: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  deleteModels: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  optionsModels: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  listModelsHead: {
    parameters: {
      query?: {
        /** @description Which records the list keeps: a filter in qaql's where language (grammar/language.md 2 in the qaql package). Predicates on the resource's fields (`path=value` with `=`, `!=`, `<`, `<=`, `>`, `>=`; `path~text*` with `*` at either end; `path IN (a,b)`, `path NOT IN (a,b)`; `path IS NULL`, `path IS NOT NULL`) joined by `AND` and `OR` (`AND` binds tighter) and grouped by parentheses. A value is text that the field's type reads (a number, `true`, a day `2024-03-01`); quote one holding white space, "(", ")" or "," with `"`. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: every record. A filter that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        where?: components["parameters"]["modelsWhere"];
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["modelsFields"];
        /** @description The page, from 1: page p of size s holds the items (p − 1)·s + 1 to p·s. A page past the end is empty. Decimal digits only; 1 when absent. */
        page?: components["parameters"]["page"];
        /** @description The most items a page holds, from 1 to 1000; 20 when absent. A larger size is a 400 SIZE_TOO_LARGE, never cut down. Decimal digits only. */
        size?: components["parameters"]["size"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of the models. Headers only. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is wrong: a where or fields that does not parse or fit the schema (UNEXPECTED_TOKEN, UNKNOWN_FIELD, INPUT_TOO_LONG, …), a page or size that is no whole number from 1 or is too large (INVALID_PAGE, INVALID_SIZE, SIZE_TOO_LARGE), a parameter given twice (REPEATED_PARAMETER), broken percent-encoding in the query (MALFORMED_ENCODING) or in a path segment (MALFORMED_URL), or an unknown timezone header (UNKNOWN_TIME_ZONE), or a list parameter sent to /dump (UNSUPPORTED_PARAMETER). An error in a parameter gives the parameter, the position and a caret diagnostic. Headers only. */
      400: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No token (MISSING_TOKEN), one this server did not issue or has revoked (UNKNOWN_TOKEN), or another scheme than Bearer (WRONG_SCHEME). Headers only. */
      401: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The token expired an hour after its issue (TOKEN_EXPIRED) or went 15 minutes without a request (TOKEN_IDLE): get a new one from GET /token. Headers only. */
      403: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept header accepts none of the media types served (NOT_ACCEPTABLE); the body, in application/json, lists them in `supported`. Headers only. */
      406: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description This client took its share of the server (TOO_MANY_REQUESTS): 1 s of its time at once, then 100 ms a second, 2 requests answered and 32 waiting at once, unless the server says otherwise; a request waits up to 5 s for its turn before it is refused. Headers only. */
      429: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept or Accept-Language header is longer than 1024 characters (HEADER_TOO_LARGE), or the headers together are larger than 256 KiB (MALFORMED_REQUEST). Headers only. */
      431: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The server failed (INTERNAL_ERROR); the body says no more. Headers only. */
      500: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  patchModels: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  traceModels: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  getModel: {
    parameters: {
      query?: {
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["modelsFields"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path: {
        /** @description The model's id. */
        modelId: components["parameters"]["modelId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The model. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Model"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Model"];
          "application/json": components["schemas"]["Model"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      /** @description No model has that id. */
      404: components["responses"]["NotFound"];
      406: components["responses"]["NotAcceptable"];
      429: components["responses"]["TooManyRequests"];
      431: components["responses"]["HeaderTooLarge"];
      500: components["responses"]["InternalError"];
    };
  };
  putModel: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The model's id. */
        modelId: components["parameters"]["modelId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  postModel: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The model's id. */
        modelId: components["parameters"]["modelId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  deleteModel: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The model's id. */
        modelId: components["parameters"]["modelId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  optionsModel: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The model's id. */
        modelId: components["parameters"]["modelId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  getModelHead: {
    parameters: {
      query?: {
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["modelsFields"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path: {
        /** @description The model's id. */
        modelId: components["parameters"]["modelId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The model. Headers only. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is wrong: a where or fields that does not parse or fit the schema (UNEXPECTED_TOKEN, UNKNOWN_FIELD, INPUT_TOO_LONG, …), a page or size that is no whole number from 1 or is too large (INVALID_PAGE, INVALID_SIZE, SIZE_TOO_LARGE), a parameter given twice (REPEATED_PARAMETER), broken percent-encoding in the query (MALFORMED_ENCODING) or in a path segment (MALFORMED_URL), or an unknown timezone header (UNKNOWN_TIME_ZONE), or a list parameter sent to /dump (UNSUPPORTED_PARAMETER). An error in a parameter gives the parameter, the position and a caret diagnostic. Headers only. */
      400: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No token (MISSING_TOKEN), one this server did not issue or has revoked (UNKNOWN_TOKEN), or another scheme than Bearer (WRONG_SCHEME). Headers only. */
      401: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The token expired an hour after its issue (TOKEN_EXPIRED) or went 15 minutes without a request (TOKEN_IDLE): get a new one from GET /token. Headers only. */
      403: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No model has that id. Headers only. */
      404: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept header accepts none of the media types served (NOT_ACCEPTABLE); the body, in application/json, lists them in `supported`. Headers only. */
      406: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description This client took its share of the server (TOO_MANY_REQUESTS): 1 s of its time at once, then 100 ms a second, 2 requests answered and 32 waiting at once, unless the server says otherwise; a request waits up to 5 s for its turn before it is refused. Headers only. */
      429: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept or Accept-Language header is longer than 1024 characters (HEADER_TOO_LARGE), or the headers together are larger than 256 KiB (MALFORMED_REQUEST). Headers only. */
      431: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The server failed (INTERNAL_ERROR); the body says no more. Headers only. */
      500: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  patchModel: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The model's id. */
        modelId: components["parameters"]["modelId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  traceModel: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The model's id. */
        modelId: components["parameters"]["modelId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  listVersions: {
    parameters: {
      query?: {
        /** @description Which records the list keeps: a filter in qaql's where language (grammar/language.md 2 in the qaql package). Predicates on the resource's fields (`path=value` with `=`, `!=`, `<`, `<=`, `>`, `>=`; `path~text*` with `*` at either end; `path IN (a,b)`, `path NOT IN (a,b)`; `path IS NULL`, `path IS NOT NULL`) joined by `AND` and `OR` (`AND` binds tighter) and grouped by parentheses. A value is text that the field's type reads (a number, `true`, a day `2024-03-01`); quote one holding white space, "(", ")" or "," with `"`. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: every record. A filter that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        where?: components["parameters"]["versionsWhere"];
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["versionsFields"];
        /** @description The page, from 1: page p of size s holds the items (p − 1)·s + 1 to p·s. A page past the end is empty. Decimal digits only; 1 when absent. */
        page?: components["parameters"]["page"];
        /** @description The most items a page holds, from 1 to 1000; 20 when absent. A larger size is a 400 SIZE_TOO_LARGE, never cut down. Decimal digits only. */
        size?: components["parameters"]["size"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of the versions. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["VersionList"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["VersionList"];
          "application/json": components["schemas"]["VersionList"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      406: components["responses"]["NotAcceptable"];
      429: components["responses"]["TooManyRequests"];
      431: components["responses"]["HeaderTooLarge"];
      500: components["responses"]["InternalError"];
    };
  };
  putVersions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  postVersions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  deleteVersions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  optionsVersions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  listVersionsHead: {
    parameters: {
      query?: {
        /** @description Which records the list keeps: a filter in qaql's where language (grammar/language.md 2 in the qaql package). Predicates on the resource's fields (`path=value` with `=`, `!=`, `<`, `<=`, `>`, `>=`; `path~text*` with `*` at either end; `path IN (a,b)`, `path NOT IN (a,b)`; `path IS NULL`, `path IS NOT NULL`) joined by `AND` and `OR` (`AND` binds tighter) and grouped by parentheses. A value is text that the field's type reads (a number, `true`, a day `2024-03-01`); quote one holding white space, "(", ")" or "," with `"`. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: every record. A filter that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        where?: components["parameters"]["versionsWhere"];
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["versionsFields"];
        /** @description The page, from 1: page p of size s holds the items (p − 1)·s + 1 to p·s. A page past the end is empty. Decimal digits only; 1 when absent. */
        page?: components["parameters"]["page"];
        /** @description The most items a page holds, from 1 to 1000; 20 when absent. A larger size is a 400 SIZE_TOO_LARGE, never cut down. Decimal digits only. */
        size?: components["parameters"]["size"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of the versions. Headers only. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is wrong: a where or fields that does not parse or fit the schema (UNEXPECTED_TOKEN, UNKNOWN_FIELD, INPUT_TOO_LONG, …), a page or size that is no whole number from 1 or is too large (INVALID_PAGE, INVALID_SIZE, SIZE_TOO_LARGE), a parameter given twice (REPEATED_PARAMETER), broken percent-encoding in the query (MALFORMED_ENCODING) or in a path segment (MALFORMED_URL), or an unknown timezone header (UNKNOWN_TIME_ZONE), or a list parameter sent to /dump (UNSUPPORTED_PARAMETER). An error in a parameter gives the parameter, the position and a caret diagnostic. Headers only. */
      400: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No token (MISSING_TOKEN), one this server did not issue or has revoked (UNKNOWN_TOKEN), or another scheme than Bearer (WRONG_SCHEME). Headers only. */
      401: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The token expired an hour after its issue (TOKEN_EXPIRED) or went 15 minutes without a request (TOKEN_IDLE): get a new one from GET /token. Headers only. */
      403: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept header accepts none of the media types served (NOT_ACCEPTABLE); the body, in application/json, lists them in `supported`. Headers only. */
      406: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description This client took its share of the server (TOO_MANY_REQUESTS): 1 s of its time at once, then 100 ms a second, 2 requests answered and 32 waiting at once, unless the server says otherwise; a request waits up to 5 s for its turn before it is refused. Headers only. */
      429: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept or Accept-Language header is longer than 1024 characters (HEADER_TOO_LARGE), or the headers together are larger than 256 KiB (MALFORMED_REQUEST). Headers only. */
      431: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The server failed (INTERNAL_ERROR); the body says no more. Headers only. */
      500: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  patchVersions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  traceVersions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  getVersion: {
    parameters: {
      query?: {
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["versionsFields"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path: {
        /** @description The version's id. */
        versionId: components["parameters"]["versionId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The version. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Version"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Version"];
          "application/json": components["schemas"]["Version"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      /** @description No version has that id. */
      404: components["responses"]["NotFound"];
      406: components["responses"]["NotAcceptable"];
      429: components["responses"]["TooManyRequests"];
      431: components["responses"]["HeaderTooLarge"];
      500: components["responses"]["InternalError"];
    };
  };
  putVersion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The version's id. */
        versionId: components["parameters"]["versionId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  postVersion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The version's id. */
        versionId: components["parameters"]["versionId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  deleteVersion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The version's id. */
        versionId: components["parameters"]["versionId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  optionsVersion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The version's id. */
        versionId: components["parameters"]["versionId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  getVersionHead: {
    parameters: {
      query?: {
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["versionsFields"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path: {
        /** @description The version's id. */
        versionId: components["parameters"]["versionId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The version. Headers only. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is wrong: a where or fields that does not parse or fit the schema (UNEXPECTED_TOKEN, UNKNOWN_FIELD, INPUT_TOO_LONG, …), a page or size that is no whole number from 1 or is too large (INVALID_PAGE, INVALID_SIZE, SIZE_TOO_LARGE), a parameter given twice (REPEATED_PARAMETER), broken percent-encoding in the query (MALFORMED_ENCODING) or in a path segment (MALFORMED_URL), or an unknown timezone header (UNKNOWN_TIME_ZONE), or a list parameter sent to /dump (UNSUPPORTED_PARAMETER). An error in a parameter gives the parameter, the position and a caret diagnostic. Headers only. */
      400: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No token (MISSING_TOKEN), one this server did not issue or has revoked (UNKNOWN_TOKEN), or another scheme than Bearer (WRONG_SCHEME). Headers only. */
      401: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The token expired an hour after its issue (TOKEN_EXPIRED) or went 15 minutes without a request (TOKEN_IDLE): get a new one from GET /token. Headers only. */
      403: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No version has that id. Headers only. */
      404: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept header accepts none of the media types served (NOT_ACCEPTABLE); the body, in application/json, lists them in `supported`. Headers only. */
      406: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description This client took its share of the server (TOO_MANY_REQUESTS): 1 s of its time at once, then 100 ms a second, 2 requests answered and 32 waiting at once, unless the server says otherwise; a request waits up to 5 s for its turn before it is refused. Headers only. */
      429: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept or Accept-Language header is longer than 1024 characters (HEADER_TOO_LARGE), or the headers together are larger than 256 KiB (MALFORMED_REQUEST). Headers only. */
      431: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The server failed (INTERNAL_ERROR); the body says no more. Headers only. */
      500: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  patchVersion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The version's id. */
        versionId: components["parameters"]["versionId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  traceVersion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The version's id. */
        versionId: components["parameters"]["versionId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  getVersionArtefact: {
    parameters: {
      query?: {
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["artefactsFields"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path: {
        /** @description The version's id. */
        versionId: components["parameters"]["versionId"];
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The artefact. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Artefact"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Artefact"];
          "application/json": components["schemas"]["Artefact"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      /** @description No artefact has that id in that version. */
      404: components["responses"]["NotFound"];
      406: components["responses"]["NotAcceptable"];
      429: components["responses"]["TooManyRequests"];
      431: components["responses"]["HeaderTooLarge"];
      500: components["responses"]["InternalError"];
    };
  };
  putVersionArtefact: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The version's id. */
        versionId: components["parameters"]["versionId"];
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  postVersionArtefact: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The version's id. */
        versionId: components["parameters"]["versionId"];
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  deleteVersionArtefact: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The version's id. */
        versionId: components["parameters"]["versionId"];
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  optionsVersionArtefact: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The version's id. */
        versionId: components["parameters"]["versionId"];
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  getVersionArtefactHead: {
    parameters: {
      query?: {
        /** @description Which members of each record are returned: a selection in qaql's fields language (grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or `a(b,c)` selects inside an object, or inside each object of an array. `_links` is always kept. At most 8192 characters (UTF-16 code units, once percent-decoded) and 64 levels of parentheses. Absent, empty or blank: whole records. A selection that does not parse or fit the schema is a 400 with the code, the position and a caret diagnostic. */
        fields?: components["parameters"]["artefactsFields"];
      };
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path: {
        /** @description The version's id. */
        versionId: components["parameters"]["versionId"];
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The artefact. Headers only. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is wrong: a where or fields that does not parse or fit the schema (UNEXPECTED_TOKEN, UNKNOWN_FIELD, INPUT_TOO_LONG, …), a page or size that is no whole number from 1 or is too large (INVALID_PAGE, INVALID_SIZE, SIZE_TOO_LARGE), a parameter given twice (REPEATED_PARAMETER), broken percent-encoding in the query (MALFORMED_ENCODING) or in a path segment (MALFORMED_URL), or an unknown timezone header (UNKNOWN_TIME_ZONE), or a list parameter sent to /dump (UNSUPPORTED_PARAMETER). An error in a parameter gives the parameter, the position and a caret diagnostic. Headers only. */
      400: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No token (MISSING_TOKEN), one this server did not issue or has revoked (UNKNOWN_TOKEN), or another scheme than Bearer (WRONG_SCHEME). Headers only. */
      401: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The token expired an hour after its issue (TOKEN_EXPIRED) or went 15 minutes without a request (TOKEN_IDLE): get a new one from GET /token. Headers only. */
      403: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No artefact has that id in that version. Headers only. */
      404: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept header accepts none of the media types served (NOT_ACCEPTABLE); the body, in application/json, lists them in `supported`. Headers only. */
      406: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description This client took its share of the server (TOO_MANY_REQUESTS): 1 s of its time at once, then 100 ms a second, 2 requests answered and 32 waiting at once, unless the server says otherwise; a request waits up to 5 s for its turn before it is refused. Headers only. */
      429: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept or Accept-Language header is longer than 1024 characters (HEADER_TOO_LARGE), or the headers together are larger than 256 KiB (MALFORMED_REQUEST). Headers only. */
      431: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The server failed (INTERNAL_ERROR); the body says no more. Headers only. */
      500: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  patchVersionArtefact: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The version's id. */
        versionId: components["parameters"]["versionId"];
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      400: components["responses"]["MalformedUrl"];
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  traceVersionArtefact: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The version's id. */
        versionId: components["parameters"]["versionId"];
        /** @description The artefact's id. */
        artefactId: components["parameters"]["artefactId"];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  getDump: {
    parameters: {
      query?: never;
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The records of each resource. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": {
            projects: components["schemas"]["Project"][];
            artefacts: components["schemas"]["Artefact"][];
            findings: components["schemas"]["Finding"][];
            models: components["schemas"]["Model"][];
            versions: components["schemas"]["Version"][];
          };
          "application/vnd.qaql.app-latest+json": {
            projects: components["schemas"]["Project"][];
            artefacts: components["schemas"]["Artefact"][];
            findings: components["schemas"]["Finding"][];
            models: components["schemas"]["Model"][];
            versions: components["schemas"]["Version"][];
          };
          "application/json": {
            projects: components["schemas"]["Project"][];
            artefacts: components["schemas"]["Artefact"][];
            findings: components["schemas"]["Finding"][];
            models: components["schemas"]["Model"][];
            versions: components["schemas"]["Version"][];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      406: components["responses"]["NotAcceptable"];
      429: components["responses"]["TooManyRequests"];
      431: components["responses"]["HeaderTooLarge"];
      500: components["responses"]["InternalError"];
    };
  };
  putDump: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  postDump: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  deleteDump: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  optionsDump: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  getDumpHead: {
    parameters: {
      query?: never;
      header?: {
        /** @description The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares dates with days; UTC when absent. One record has no filter to read it with, but checks it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE. */
        timezone?: components["parameters"]["timezone"];
        /** @description The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else the user's language, else the server's. where and fields read the texts in that language. Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE. */
        "Accept-Language"?: components["parameters"]["acceptLanguage"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The records of each resource. Headers only. */
      200: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Content-Language": components["headers"]["Content-Language"];
          Timezone: components["headers"]["Timezone"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is wrong: a where or fields that does not parse or fit the schema (UNEXPECTED_TOKEN, UNKNOWN_FIELD, INPUT_TOO_LONG, …), a page or size that is no whole number from 1 or is too large (INVALID_PAGE, INVALID_SIZE, SIZE_TOO_LARGE), a parameter given twice (REPEATED_PARAMETER), broken percent-encoding in the query (MALFORMED_ENCODING) or in a path segment (MALFORMED_URL), or an unknown timezone header (UNKNOWN_TIME_ZONE), or a list parameter sent to /dump (UNSUPPORTED_PARAMETER). An error in a parameter gives the parameter, the position and a caret diagnostic. Headers only. */
      400: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No token (MISSING_TOKEN), one this server did not issue or has revoked (UNKNOWN_TOKEN), or another scheme than Bearer (WRONG_SCHEME). Headers only. */
      401: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The token expired an hour after its issue (TOKEN_EXPIRED) or went 15 minutes without a request (TOKEN_IDLE): get a new one from GET /token. Headers only. */
      403: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept header accepts none of the media types served (NOT_ACCEPTABLE); the body, in application/json, lists them in `supported`. Headers only. */
      406: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description This client took its share of the server (TOO_MANY_REQUESTS): 1 s of its time at once, then 100 ms a second, 2 requests answered and 32 waiting at once, unless the server says otherwise; a request waits up to 5 s for its turn before it is refused. Headers only. */
      429: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The Accept or Accept-Language header is longer than 1024 characters (HEADER_TOO_LARGE), or the headers together are larger than 256 KiB (MALFORMED_REQUEST). Headers only. */
      431: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The server failed (INTERNAL_ERROR); the body says no more. Headers only. */
      500: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  patchDump: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      406: components["responses"]["NotAcceptable"];
      431: components["responses"]["HeaderTooLarge"];
    };
  };
  traceDump: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, GET, HEAD. */
      405: {
        headers: {
          "Cache-Control": components["headers"]["Cache-Control"];
          Vary: components["headers"]["Vary"];
          /** @description The methods this path takes. */
          Allow: "GET, HEAD";
          [name: string]: unknown;
        };
        content: {
          "application/vnd.qaql.app-v2+json": components["schemas"]["Error"];
          "application/vnd.qaql.app-latest+json": components["schemas"]["Error"];
          "application/json": components["schemas"]["Error"];
        };
      };
      431: components["responses"]["HeaderTooLarge"];
    };
  };
}
